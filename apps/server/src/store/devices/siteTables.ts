import {
  type OrderBy,
  type ResumeSiteColumn,
  type ResumeSiteConfig,
  type ResumeSiteRow,
  type SITE_ORDER_FIELDS,
  TIPO_SITE,
  type TipoSite,
} from '@vigia/contract';
import { communicationSummary, isOnline } from '@vigia/domain';
import type { Kysely } from 'kysely';
import type { Database } from '../schema.js';
import type { DeviceSelection } from './deviceSelection.js';
import { countActiveAlarms, type DeviceRecord, selectDevices } from './deviceStore.js';
import { type Page, pageOf, sortRows, textMatcher } from './listing.js';
import { byId, loadPlaces, type Places } from './places.js';

type SiteOrderField = (typeof SITE_ORDER_FIELDS)[number];

const column = (
  chave: string,
  nome: string,
  tipo: ResumeSiteColumn['tipo'],
  extra: Partial<ResumeSiteColumn> = {},
): ResumeSiteColumn => ({
  chave,
  nome,
  tipo,
  casaDecimal: 0,
  ordenavel: true,
  mobile: null,
  ...extra,
});

const STATE_COLUMNS: ResumeSiteColumn[] = [
  column('alarmTreeMapValue', 'Alarmes', 'ALARME', { mobile: 'alarm' }),
  column('resumoComunicacao', 'Comunicação', 'COMUNICACAO', {
    mobile: 'connection',
    ordenavel: false,
  }),
  column('ultimaLeitura', 'Última Leitura', 'DATE', { mobile: 'date' }),
];
const COUNT_COLUMNS: ResumeSiteColumn[] = [
  column('dispositivos', 'Dispositivos', 'NUMERO'),
  column('online', 'Online', 'NUMERO'),
];

/**
 * The four site-table variants. Place columns of the device table are left
 * out for a system that has no such places.
 */
export function resumeSiteConfig(
  tipoSite: TipoSite,
  has: { plants: boolean; scds: boolean; venues: boolean },
): ResumeSiteConfig {
  switch (tipoSite) {
    case TIPO_SITE.dispositivo:
      return {
        tipoSite,
        nome: 'Dispositivos',
        destino: 'site',
        colunas: [
          column('patrimonio', 'Patrimônio', 'TEXTO'),
          column('nome', 'Nome', 'TEXTO'),
          column('tipo', 'Tipo', 'TEXTO'),
          column('equipamento', 'Equipamento', 'TEXTO', { mobile: 'equipment', ordenavel: false }),
          column('localNome', 'Local', 'TEXTO', { mobile: 'site' }),
          column('uf', 'UF', 'TEXTO', { mobile: 'uf' }),
          ...(has.plants ? [column('usinaNome', 'Usina', 'TEXTO', { mobile: 'site' })] : []),
          ...(has.scds ? [column('scdNome', 'SCD', 'TEXTO', { mobile: 'site' })] : []),
          ...(has.venues ? [column('venueNome', 'Venue', 'TEXTO', { mobile: 'site' })] : []),
          ...STATE_COLUMNS,
        ],
      };
    case TIPO_SITE.usina:
      return {
        tipoSite,
        nome: 'Usinas',
        destino: 'usina',
        colunas: [
          column('nome', 'Usina', 'TEXTO'),
          column('uf', 'UF', 'TEXTO', { mobile: 'uf' }),
          ...COUNT_COLUMNS,
          ...STATE_COLUMNS,
        ],
      };
    case TIPO_SITE.scd:
      return {
        tipoSite,
        nome: 'SCDs',
        destino: 'scd',
        colunas: [
          column('nome', 'SCD', 'TEXTO'),
          column('usinaNome', 'Usina', 'TEXTO', { mobile: 'site' }),
          column('uf', 'UF', 'TEXTO', { mobile: 'uf' }),
          ...COUNT_COLUMNS,
          ...STATE_COLUMNS,
        ],
      };
    case TIPO_SITE.venue:
      return {
        tipoSite,
        nome: 'Venues',
        destino: 'venue',
        colunas: [column('nome', 'Venue', 'TEXTO'), ...COUNT_COLUMNS, ...STATE_COLUMNS],
      };
  }
}

interface DeviceState {
  dispositivos: number;
  online: number;
  alarmTreeMapValue: number;
  ultimaLeitura: number | null;
}

function emptyState(): DeviceState {
  return { dispositivos: 0, online: 0, alarmTreeMapValue: 0, ultimaLeitura: null };
}

function addDevice(state: DeviceState, d: DeviceRecord, alarms: number, nowSec: number): void {
  state.dispositivos += 1;
  if (isOnline({ lastReadingTs: d.lastSeenAt, isMeter: d.tipo === 'medidor' }, nowSec)) {
    state.online += 1;
  }
  state.alarmTreeMapValue += alarms;
  if (
    d.lastSeenAt !== null &&
    (state.ultimaLeitura === null || d.lastSeenAt > state.ultimaLeitura)
  ) {
    state.ultimaLeitura = d.lastSeenAt;
  }
}

export interface ResumeSiteOptions {
  filtroTexto?: string;
  orderBy?: OrderBy<SiteOrderField>;
  offSet: number;
  limit: number;
  nowSec: number;
}

/**
 * Rows of a site table: the devices of the selection, or its plants, SCDs or
 * venues with totals over their devices. One query for the devices, one for
 * alarm counts, up to four for the places.
 */
export async function resumeSiteRows(
  db: Kysely<Database>,
  tipoSite: TipoSite,
  selection: DeviceSelection,
  options: ResumeSiteOptions,
): Promise<Page<ResumeSiteRow>> {
  const deviceSelection: DeviceSelection =
    tipoSite === TIPO_SITE.dispositivo ? selection : { systemIds: selection.systemIds };
  const [devices, alarms, places] = await Promise.all([
    selectDevices(db, deviceSelection),
    countActiveAlarms(db, { systemIds: selection.systemIds }),
    loadPlaces(db, selection.systemIds),
  ]);
  const { nowSec } = options;
  let rows: ResumeSiteRow[];
  if (tipoSite === TIPO_SITE.dispositivo) {
    rows = deviceRows(devices, alarms, places, nowSec);
  } else {
    rows = placeRows(tipoSite, devices, alarms, places, nowSec).filter(
      (row) =>
        (selection.usinaId === undefined || row.usinaId === selection.usinaId) &&
        (selection.scdId === undefined || row.scdId === selection.scdId) &&
        (selection.venueId === undefined || row.venueId === selection.venueId),
    );
  }
  const match = textMatcher(options.filtroTexto);
  if (match) {
    rows = rows.filter((r) =>
      match([r.nome, r.patrimonio, r.tipo, r.localNome, r.uf, r.usinaNome, r.scdNome, r.venueNome]),
    );
  }
  const field = options.orderBy?.campo ?? 'nome';
  sortRows(
    rows,
    [{ value: (r) => r[field], desc: options.orderBy?.desc ?? false }, { value: (r) => r.nome }],
    (r) => r.id,
  );
  return pageOf(rows, options.offSet, options.limit);
}

function deviceRows(
  devices: readonly DeviceRecord[],
  alarms: Map<number, number>,
  places: Places,
  nowSec: number,
): ResumeSiteRow[] {
  const plants = byId(places.plants);
  const scds = byId(places.scds);
  const venues = byId(places.venues);
  return devices.map((d) => {
    const alarmCount = alarms.get(d.id) ?? 0;
    const state = emptyState();
    addDevice(state, d, alarmCount, nowSec);
    return {
      id: d.id,
      destino: 'site',
      nome: d.nome,
      patrimonio: d.patrimonio,
      tipo: d.tipo,
      equipamento: d.equipamento,
      localNome: d.localNome,
      uf: d.uf,
      lat: d.lat,
      longi: d.lon,
      sisId: d.systemId,
      usinaId: d.usinaId,
      usinaNome: d.usinaId === null ? null : (plants.get(d.usinaId)?.nome ?? null),
      scdId: d.scdId,
      scdNome: d.scdId === null ? null : (scds.get(d.scdId)?.nome ?? null),
      venueId: d.venueId,
      venueNome: d.venueId === null ? null : (venues.get(d.venueId)?.nome ?? null),
      ...state,
      resumoComunicacao: communicationSummary(d.lastSeenAt, nowSec),
      gruposDispositivos: [],
    };
  });
}

function placeRows(
  tipoSite: TipoSite,
  devices: readonly DeviceRecord[],
  alarms: Map<number, number>,
  places: Places,
  nowSec: number,
): ResumeSiteRow[] {
  const plants = byId(places.plants);
  const key = (d: DeviceRecord) =>
    tipoSite === TIPO_SITE.usina ? d.usinaId : tipoSite === TIPO_SITE.scd ? d.scdId : d.venueId;
  const states = new Map<number, DeviceState>();
  for (const d of devices) {
    const placeId = key(d);
    if (placeId === null) continue;
    let state = states.get(placeId);
    if (!state) {
      state = emptyState();
      states.set(placeId, state);
    }
    addDevice(state, d, alarms.get(d.id) ?? 0, nowSec);
  }
  const stateOf = (id: number) => {
    const state = states.get(id) ?? emptyState();
    return { ...state, resumoComunicacao: communicationSummary(state.ultimaLeitura, nowSec) };
  };
  const base = {
    patrimonio: null,
    tipo: null,
    equipamento: null,
    localNome: null,
    usinaNome: null,
    scdId: null,
    scdNome: null,
    venueId: null,
    venueNome: null,
    gruposDispositivos: [],
  };
  switch (tipoSite) {
    case TIPO_SITE.usina:
      return places.plants.map((p) => ({
        ...base,
        id: p.id,
        destino: 'usina' as const,
        nome: p.nome,
        uf: p.uf,
        lat: p.lat,
        longi: p.lon,
        sisId: p.systemId,
        usinaId: p.id,
        usinaNome: p.nome,
        ...stateOf(p.id),
      }));
    case TIPO_SITE.scd:
      return places.scds.map((s) => ({
        ...base,
        id: s.id,
        destino: 'scd' as const,
        nome: s.nome,
        uf: s.uf,
        lat: s.lat,
        longi: s.lon,
        sisId: s.systemId,
        usinaId: s.usinaId,
        usinaNome: s.usinaId === null ? null : (plants.get(s.usinaId)?.nome ?? null),
        scdId: s.id,
        scdNome: s.nome,
        ...stateOf(s.id),
      }));
    default:
      return places.venues.map((v) => ({
        ...base,
        id: v.id,
        destino: 'venue' as const,
        nome: v.nome,
        uf: null,
        lat: null,
        longi: null,
        sisId: v.systemId,
        usinaId: null,
        venueId: v.id,
        venueNome: v.nome,
        gruposDispositivos: places.groups
          .filter((g) => g.venueId === v.id)
          .map((g) => ({ id: g.id, nome: g.nome })),
        ...stateOf(v.id),
      }));
  }
}
