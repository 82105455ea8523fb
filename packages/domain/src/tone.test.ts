import { describe, expect, it } from 'vitest';
import { hasBit } from './bits.js';
import { isTone, TONES, worstTone } from './tone.js';

describe('Tone: good | bad | warning | neutral | info', () => {
  it.each([
    ['good', true],
    ['info', true],
    ['danger', false],
    ['#FFA8A8', false],
    [null, false],
  ])('isTone(%s) is %s', (value, expected) => {
    expect(isTone(value)).toBe(expected);
  });

  it('has five tones', () => {
    expect(TONES).toEqual(['good', 'bad', 'warning', 'neutral', 'info']);
  });
});

describe('hasBit', () => {
  it.each([
    [64, 64, true],
    [65, 64, true],
    [63, 64, false],
    [1024 + 16384, 1024 + 16384, true],
    [1024, 1024 + 16384, false],
    [64.7, 64, true],
    [null, 64, false],
    [Number.NaN, 1, false],
  ])('hasBit(%s, %d) is %s', (word, mask, expected) => {
    expect(hasBit(word, mask)).toBe(expected);
  });
});

describe('worstTone', () => {
  it('takes bad over warning over info over neutral over good', () => {
    expect(worstTone(['good', 'info', 'warning'])).toBe('warning');
    expect(worstTone(['warning', 'bad', 'good'])).toBe('bad');
    expect(worstTone(['good', 'neutral'])).toBe('neutral');
    expect(worstTone(['good', undefined, null])).toBe('good');
  });
  it('is undefined for no tone at all', () => {
    expect(worstTone([])).toBeUndefined();
    expect(worstTone([undefined])).toBeUndefined();
  });
});
