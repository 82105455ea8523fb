import type { DeviceRow, OverviewConfig, SiteData } from '@vigia/contract';
import { deviceRow as listDeviceRow } from '../../../test/deviceFixtures.test-util';

export const NOW_SEC = Math.floor(Date.now() / 1000);

type Readings = Record<string, number | null>;

/**
 * A generator of a plant as the device calls answer it, with readings at `ts`
 * (kW readings in kW): the shared list row with the site tests' defaults.
 */
export function deviceRow(
  overrides: Partial<DeviceRow> & { readings?: Readings; ts?: number | null } = {},
): DeviceRow {
  const { readings = {}, ts = NOW_SEC - 60, ...rest } = overrides;
  const row = listDeviceRow(readings, {
    nome: 'GMG1 UTE Petrolina',
    localNome: 'UTE Petrolina',
    uf: 'PE',
    lat: null,
    longi: null,
    sisId: 200,
    usinaId: 1,
    scdId: 1,
    resumoComunicacao: ts === null ? 'nunca comunicou' : 'online',
    ultimaLeitura: ts,
    params: [{ nome: 'kwn', valor: 800 }],
    ...rest,
  });
  if (rest.infos) return row;
  return {
    ...row,
    infos: row.infos.map((info) => (info.nome === 'kW' ? { ...info, unidade: 'kW' } : info)),
  };
}

export function siteData(overrides: Partial<SiteData> = {}): SiteData {
  return {
    siteId: 1001,
    id: 1001,
    nome: 'GMG1 UTE Petrolina',
    patrimonio: 'GMG1',
    tipo: 'gerador',
    templateDispositivoId: 1,
    equipamento: 'GMG - Controlador DSE/ComAp',
    localNome: 'UTE Petrolina',
    uf: 'PE',
    lat: null,
    longi: null,
    titulo: 'GMG1 - UTE Petrolina',
    sisId: 200,
    usina: { id: 1, nome: 'UTE Petrolina' },
    scd: { id: 1, nome: 'SCD Petrolina' },
    venue: null,
    grupo: null,
    energyCenter: null,
    resumoComunicacao: 'online',
    ultimaLeitura: NOW_SEC - 60,
    alarmTreeMapValue: 0,
    params: [{ nome: 'kwn', valor: 800 }],
    ...overrides,
  };
}

export function overview(
  idOverview: number,
  nome: string,
  render_html: string | null,
): OverviewConfig {
  return {
    idSite: 1001,
    tipo: 'overview',
    nome,
    tempoDefault: 360,
    tempoEnddtDefault: 0,
    acesso: '00005',
    intervalo: null,
    render_html,
    idOverview,
    idGraphical: null,
    idTabela: null,
    sinotico: [{ id: idOverview, web_nome: render_html ?? '' }],
    graphic: null,
  };
}

export function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}
