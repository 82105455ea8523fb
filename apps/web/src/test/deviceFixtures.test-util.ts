import type { DeviceRow } from '@vigia/contract';

export const NOW_SEC = 1_760_000_000;

/** A device row as `API.devices.list` answers it, with `readings` as current values. */
export function deviceRow(
  readings: Record<string, number | null> = {},
  overrides: Partial<DeviceRow> = {},
): DeviceRow {
  const ts = overrides.ultimaLeitura === undefined ? NOW_SEC - 60 : overrides.ultimaLeitura;
  return {
    id: 1001,
    nome: 'GMG ERB São Paulo Paulista',
    patrimonio: 'GMG1',
    tipo: 'gerador',
    templateDispositivoId: 1,
    equipamento: 'GMG - Controlador DSE/ComAp',
    localNome: 'ERB São Paulo Paulista',
    uf: 'SP',
    lat: -23.56,
    longi: -46.65,
    sisId: 121,
    usinaId: null,
    scdId: null,
    venueId: null,
    grupoId: null,
    energyCenterId: null,
    resumoComunicacao: 'online',
    ultimaLeitura: ts,
    netAntenaSignal: null,
    alarmTreeMapValue: 0,
    infos: Object.entries(readings).map(([nome, valor]) => ({
      nome,
      apelido: nome,
      unidade: '',
      valorAtual: valor === null || ts === null ? null : { valor, ts, qos: 0 },
    })),
    params: [],
    ...overrides,
  };
}

/** A device last heard `minutes` ago, with the summary the server would give it. */
export function silentFor(minutes: number): Partial<DeviceRow> {
  return {
    ultimaLeitura: NOW_SEC - minutes * 60,
    resumoComunicacao: minutes > 24 * 60 ? '>1 dia offline' : minutes >= 30 ? 'offline' : 'online',
  };
}
