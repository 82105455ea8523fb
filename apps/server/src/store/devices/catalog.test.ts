import { describe, expect, it } from 'vitest';
import { paramList, sharedParams } from './catalog.js';

describe('sharedParams', () => {
  it('answers one frozen list per distinct JSON, equal to paramList', () => {
    const json = '{"regime":"prime","kwn":450,"extra":{"a":1}}';
    const first = sharedParams(json);
    expect(first).toEqual(paramList(json));
    expect(sharedParams(JSON.stringify(JSON.parse(json)))).toBe(first);
    expect(sharedParams('{"regime":"standby"}')).not.toBe(first);
    expect(Object.isFrozen(first)).toBe(true);
    expect(first.every((row) => Object.isFrozen(row))).toBe(true);
  });

  it('reads a JSON that is not an object as no parameters', () => {
    expect(sharedParams('[1,2]')).toEqual([]);
    expect(sharedParams('não é json')).toEqual([]);
  });
});
