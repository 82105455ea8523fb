import { describe, expect, it } from 'vitest';
import { deviceImportColumns, normalizeImportHeader } from './deviceImport.js';

describe('deviceImportColumns: the first row names the columns, in any order and case', () => {
  it('finds them with or without accents and says which required ones are missing', () => {
    expect(normalizeImportHeader(' Patrimônio ')).toBe('patrimonio');
    expect(deviceImportColumns(['MODELO', 'Nome', 'Patrimônio', 'Latitude', 'Outra'])).toEqual({
      index: { modelo: 0, nome: 1, patrimonio: 2, lat: 3 },
      missing: [],
    });
    expect(deviceImportColumns(['Nome', 'UF']).missing).toEqual(['Patrimônio', 'Modelo']);
  });
});
