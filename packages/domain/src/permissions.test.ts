import { describe, expect, it } from 'vitest';
import { COMMAND_RIGHT_ID, hasAccess, hasCommandRight } from './permissions.js';

describe('direitos_id containing 1 gives permissaoComando', () => {
  it.each([
    [[1], true],
    [[3, 1, 7], true],
    [[2, 3], false],
    [[], false],
    [null, false],
  ])('%o → %s', (rights, expected) => {
    expect(hasCommandRight(rights)).toBe(expected);
    expect(COMMAND_RIGHT_ID).toBe(1);
  });
});

describe('acesso bitmask is checked against a given bit', () => {
  it.each([
    [3, 1, true],
    [3, 2, true],
    [3, 4, false],
    [5, 5, true],
    [null, 1, false],
  ])('acesso %s bit %d → %s', (acesso, bit, expected) => {
    expect(hasAccess(acesso, bit)).toBe(expected);
  });
});
