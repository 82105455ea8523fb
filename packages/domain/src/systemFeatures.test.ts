import { describe, expect, it } from 'vitest';
import { enabledFeatures } from './systemFeatures.js';

describe('enabledFeatures', () => {
  it('lists the known features set to true, in a fixed order', () => {
    expect(enabledFeatures({ prime: true, combustivel: true, planoSaude: false })).toEqual([
      'combustivel',
      'prime',
    ]);
  });
  it('ignores unknown names, non-boolean values and a missing configuration', () => {
    expect(enabledFeatures({ foguete: true, gps: 'sim' })).toEqual([]);
    expect(enabledFeatures(undefined)).toEqual([]);
  });
});
