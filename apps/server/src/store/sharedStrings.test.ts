import { describe, expect, it } from 'vitest';
import { shared } from './sharedStrings.js';

describe('shared', () => {
  it('answers the first copy of an equal text', () => {
    const first = shared(['kW', 'h'].join(''));
    const second = ['kW', 'h'].join('');
    expect(shared(second)).toBe(first);
    expect(shared(second)).toBe('kWh');
  });
});
