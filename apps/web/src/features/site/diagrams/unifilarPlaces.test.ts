import type { DeviceRow } from '@vigia/contract';
import { describe, expect, it } from 'vitest';
import { defaultUnifilarPlace, unifilarPlaces } from './unifilarPlaces';

function device(id: number, tipo: string, place: Partial<DeviceRow>): DeviceRow {
  return {
    id,
    tipo,
    nome: `${tipo} ${id}`,
    patrimonio: `${tipo.toUpperCase()}${id}`,
    localNome: 'Sem nome',
    usinaId: null,
    scdId: null,
    venueId: null,
    ...place,
  } as DeviceRow;
}

describe('unifilarPlaces', () => {
  const devices = [
    device(1, 'gerador', { localNome: 'ERB Recife', usinaId: null }),
    device(2, 'qta', { localNome: 'ERB Recife' }),
    device(3, 'gerador', { localNome: 'UTE Petrolina', usinaId: 7 }),
    device(4, 'gerador', { localNome: 'UTE Petrolina', usinaId: 7 }),
    device(5, 'tfr', { localNome: 'UTE Petrolina', usinaId: 7 }),
    device(6, 'qta', { localNome: 'Sem gerador' }),
  ];

  it('groups by plant, venue or location and keeps the places with a generator, by name', () => {
    const places = unifilarPlaces(devices);
    expect(places.map((p) => [p.label, p.devices.map((d) => d.id), p.generators])).toEqual([
      ['ERB Recife', [1, 2], 1],
      ['UTE Petrolina', [3, 4, 5], 2],
    ]);
  });

  it('draws first a place with two generators, else the first one', () => {
    expect(defaultUnifilarPlace(unifilarPlaces(devices))?.label).toBe('UTE Petrolina');
    expect(defaultUnifilarPlace(unifilarPlaces(devices.slice(0, 2)))?.label).toBe('ERB Recife');
    expect(defaultUnifilarPlace([])).toBeUndefined();
  });
});
