import type { GpsDevice } from '@vigia/contract';

export const NOW_SEC = 1_760_000_000;

export function gpsDevice(overrides: Partial<GpsDevice> = {}): GpsDevice {
  return {
    id: 1001,
    nome: 'GMG ERB São Paulo Paulista',
    patrimonio: 'GMG1',
    tipo: 'gerador',
    local: 'ERB São Paulo Paulista',
    uf: 'SP',
    lat: -23.5614,
    longi: -46.6559,
    sisId: 121,
    usinaId: null,
    scdId: null,
    venueId: null,
    resumoComunicacao: 'online',
    ultimaLeitura: NOW_SEC - 60,
    alarmTreeMapValue: 0,
    cor: 'green',
    ...overrides,
  };
}
