import type {
  BATTERY_ORDER_FIELDS,
  BatteryRow,
  LOADSPEED_ORDER_FIELDS,
  LoadSpeedRow,
  OrderBy,
  POWER_ORDER_FIELDS,
  PowerRow,
  TANK_ORDER_FIELDS,
  TankRow,
} from '@vigia/contract';
import {
  type AlarmSeverity,
  communicationSummary,
  deviceParams,
  loadSpeedSeverity,
  mainsSwitchState,
  percentOfNominal,
  powerPercentSeverity,
  tankColor,
  tankLevelBand,
  tankLevelPercent,
  tankStatus,
} from '@vigia/domain';
import type { Kysely } from 'kysely';
import { nextTurn } from '../readingSeek.js';
import type { Database } from '../schema.js';
import { paramValue } from './catalog.js';
import { deviceSearchFields } from './deviceList.js';
import type { DeviceSelection } from './deviceSelection.js';
import {
  countActiveAlarms,
  type DeviceRecord,
  type InfoRecord,
  loadInfos,
  selectDevices,
} from './deviceStore.js';
import { type SortKey, sortRows, textMatcher } from './listing.js';

type Base = Pick<
  BatteryRow,
  | 'id'
  | 'nome'
  | 'patrimonio'
  | 'tipo'
  | 'localNome'
  | 'uf'
  | 'sisId'
  | 'usinaId'
  | 'scdId'
  | 'venueId'
  | 'resumoComunicacao'
  | 'ultimaLeitura'
  | 'alarmTreeMapValue'
>;

type Readings = Map<string, InfoRecord>;
type BatteryField = (typeof BATTERY_ORDER_FIELDS)[number];
type PowerField = (typeof POWER_ORDER_FIELDS)[number];
type LoadSpeedField = (typeof LOADSPEED_ORDER_FIELDS)[number];
type TankField = (typeof TANK_ORDER_FIELDS)[number];

/** One analysis list: which devices, which readings, how a row is computed, severity and order. */
interface AnalysisSpec<R extends Base, F extends string> {
  tipos?: string[];
  /** The reading a device must have to be listed. */
  requires: string;
  readings: string[];
  metrics(device: DeviceRecord, readings: Readings): Omit<R, keyof Base>;
  severity(row: R): AlarmSeverity | null;
  sortKeys(orderBy: OrderBy<F> | undefined): SortKey<R>[];
}

export interface AnalysisOptions<F extends string> {
  filtroTexto?: string;
  severidade?: AlarmSeverity;
  orderBy?: OrderBy<F>;
  offSet: number;
  limit: number;
  nowSec: number;
}

export interface AnalysisPage<R> {
  total: number;
  criticos: number;
  atencao: number;
  itens: R[];
}

const value = (readings: Readings, nome: string) => readings.get(nome)?.valor ?? null;
const time = (readings: Readings, nome: string) => readings.get(nome)?.ts ?? null;
/** critical first, then attention, then rows without a band. */
const severityRank = (s: AlarmSeverity | null) =>
  s === 'critical' ? 0 : s === 'attention' ? 1 : null;

/**
 * Runs an analysis list: the selection's devices (one query), the readings
 * it needs (one query), rows computed with the domain rules, text and
 * severity filters, sort, page, and the page's alarm counts (one query).
 * `criticos` and `atencao` count the rows before the severity filter.
 */
async function runAnalysis<R extends Base, F extends string>(
  db: Kysely<Database>,
  selection: DeviceSelection,
  spec: AnalysisSpec<R, F>,
  options: AnalysisOptions<F>,
): Promise<AnalysisPage<R>> {
  let devices = await selectDevices(
    db,
    spec.tipos ? { ...selection, tipos: spec.tipos } : selection,
  );
  const match = textMatcher(options.filtroTexto);
  if (match) devices = devices.filter((d) => match(deviceSearchFields(d)));
  // Selecting, shaping and sorting a system's 5,000 devices each take 5–20 ms on SQLite
  // (in this thread): a turn of the event loop between them, not 30–50 ms in one.
  await nextTurn();
  const infos = await loadInfos(
    db,
    devices.map((d) => d.id),
    spec.readings,
  );
  let rows: R[] = [];
  for (const d of devices) {
    const readings: Readings = new Map((infos.get(d.id) ?? []).map((i) => [i.nome, i]));
    if (!readings.has(spec.requires)) continue;
    const base: Base = {
      id: d.id,
      nome: d.nome,
      patrimonio: d.patrimonio,
      tipo: d.tipo,
      localNome: d.localNome,
      uf: d.uf,
      sisId: d.systemId,
      usinaId: d.usinaId,
      scdId: d.scdId,
      venueId: d.venueId,
      resumoComunicacao: communicationSummary(d.lastSeenAt, options.nowSec),
      ultimaLeitura: d.lastSeenAt,
      alarmTreeMapValue: 0,
    };
    rows.push({ ...base, ...spec.metrics(d, readings) } as R);
  }
  await nextTurn();
  let criticos = 0;
  let atencao = 0;
  for (const row of rows) {
    const s = spec.severity(row);
    if (s === 'critical') criticos += 1;
    else if (s === 'attention') atencao += 1;
  }
  if (options.severidade) rows = rows.filter((row) => spec.severity(row) === options.severidade);
  sortRows(rows, [...spec.sortKeys(options.orderBy), { value: (r) => r.nome }], (r) => r.id);
  const itens = rows.slice(options.offSet, options.offSet + options.limit);
  const alarms = await countActiveAlarms(db, { deviceIds: itens.map((r) => r.id) });
  for (const row of itens) row.alarmTreeMapValue = alarms.get(row.id) ?? 0;
  return { total: rows.length, criticos, atencao, itens };
}

const byField =
  <R, F extends string>(
    fields: Record<F, (row: R) => number | string | null>,
    fallback: SortKey<R>[],
  ) =>
  (orderBy: OrderBy<F> | undefined): SortKey<R>[] =>
    orderBy ? [{ value: fields[orderBy.campo], desc: orderBy.desc }] : fallback;

const placeFields = {
  nome: (r: Base) => r.nome,
  localNome: (r: Base) => r.localNome,
  uf: (r: Base) => r.uf,
};

/** Battery voltage `Vcc` against `vccn`, with the mains switch (spec 000 §7 analysis lists). */
const BATTERY: AnalysisSpec<BatteryRow, BatteryField> = {
  requires: 'Vcc',
  readings: ['Vcc', 'chaveRede'],
  metrics(device, readings) {
    const vcc = value(readings, 'Vcc');
    const { vccn } = deviceParams(device.params);
    return {
      vcc,
      vccn,
      percentual: percentOfNominal(vcc, vccn),
      ts: time(readings, 'Vcc'),
      chave: mainsSwitchState(value(readings, 'chaveRede')),
    };
  },
  severity: () => null,
  sortKeys: byField<BatteryRow, BatteryField>(
    { ...placeFields, percentual: (r) => r.percentual, vcc: (r) => r.vcc },
    [{ value: (r) => r.percentual }],
  ),
};

const POWER: AnalysisSpec<PowerRow, PowerField> = {
  tipos: ['gerador'],
  requires: 'kW',
  readings: ['kW'],
  metrics(device, readings) {
    const kw = value(readings, 'kW');
    const { kwn } = deviceParams(device.params);
    const percentual = percentOfNominal(kw, kwn);
    return {
      kw,
      kwn,
      percentual,
      ts: time(readings, 'kW'),
      severidade: powerPercentSeverity(percentual),
    };
  },
  severity: (row) => row.severidade,
  sortKeys: byField<PowerRow, PowerField>(
    {
      ...placeFields,
      severidade: (r) => severityRank(r.severidade),
      percentual: (r) => r.percentual,
      kw: (r) => r.kw,
    },
    [{ value: (r) => severityRank(r.severidade) }, { value: (r) => r.percentual }],
  ),
};

const LOAD_SPEED: AnalysisSpec<LoadSpeedRow, LoadSpeedField> = {
  tipos: ['gerador'],
  requires: 'LoadSpeed',
  readings: ['LoadSpeed'],
  metrics(_device, readings) {
    const loadSpeed = value(readings, 'LoadSpeed');
    return { loadSpeed, ts: time(readings, 'LoadSpeed'), severidade: loadSpeedSeverity(loadSpeed) };
  },
  severity: (row) => row.severidade,
  sortKeys: byField<LoadSpeedRow, LoadSpeedField>(
    {
      ...placeFields,
      loadSpeed: (r) => r.loadSpeed,
      severidade: (r) => severityRank(r.severidade),
    },
    [{ value: (r) => r.loadSpeed, desc: true }],
  ),
};

function tankCapacity(device: DeviceRecord): number | null {
  const capacidade = Number(paramValue(device, 'capacidade'));
  return Number.isFinite(capacidade) && capacidade > 0 ? capacidade : null;
}

const TANK: AnalysisSpec<TankRow, TankField> = {
  tipos: ['tanque'],
  requires: 'litros',
  readings: ['nivel', 'litros', 'temperatura', 'statusTanque'],
  metrics(device, readings) {
    const litros = value(readings, 'litros');
    const capacidade = tankCapacity(device);
    const nivel = value(readings, 'nivel') ?? tankLevelPercent(litros, capacidade);
    // How empty the tank is: a tank at 15 % is critico 85 (red from 80 on).
    const critico = nivel === null || nivel < 0 ? null : Math.max(0, 100 - nivel);
    const status = value(readings, 'statusTanque');
    return {
      critico,
      nivel,
      temperatura: value(readings, 'temperatura'),
      litros,
      capacidade,
      ts: time(readings, 'litros'),
      status,
      statusTexto: tankStatus(status),
      cor: tankColor(critico),
      faixa: tankLevelBand(nivel),
    };
  },
  severity: (row) => (row.cor === 'red' ? 'critical' : row.cor === 'yellow' ? 'attention' : null),
  sortKeys: byField<TankRow, TankField>(
    {
      ...placeFields,
      critico: (r) => r.critico,
      nivel: (r) => r.nivel,
      litros: (r) => r.litros,
      temperatura: (r) => r.temperatura,
    },
    [{ value: (r) => r.critico, desc: true }],
  ),
};

const ANALYSES = { baterias: BATTERY, potencias: POWER, loadspeeds: LOAD_SPEED, tanques: TANK };

/** The analysis lists of spec 000 §7, by the path segment that names them. */
export type AnalysisKind = keyof typeof ANALYSES;

/**
 * One analysis list. `orderBy` names one of the list's fields: the route's
 * schema (`batteryQuery`, `powerQuery`, …) only lets those through.
 */
export function analysisList(
  kind: AnalysisKind,
  db: Kysely<Database>,
  selection: DeviceSelection,
  options: AnalysisOptions<string>,
): Promise<AnalysisPage<Base>> {
  // Each spec reads only its own row type; what ties its fields to `orderBy` is the schema.
  const spec = ANALYSES[kind] as unknown as AnalysisSpec<Base, string>;
  return runAnalysis(db, selection, spec, options);
}
