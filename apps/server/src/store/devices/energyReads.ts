import type { EnergyDeviceRow, EnergySummary, PlantRow, ScdRow } from '@vigia/contract';
import {
  communicationSummary,
  deviceParams,
  infoValue,
  isGeneratorRunning,
  isOnline,
  nominalSum,
} from '@vigia/domain';
import type { Kysely } from 'kysely';
import { energyByDevice } from '../energy/energyCounters.js';
import { placeLocation } from '../places/location.js';
import { nextTurn } from '../readingSeek.js';
import type { Database } from '../schema.js';
import { GENERATOR_STATUS_READING } from './deviceList.js';
import { buildDeviceRows } from './deviceRows.js';
import type { DeviceSelection } from './deviceSelection.js';
import {
  countActiveAlarms,
  type DeviceRecord,
  type InfoRecord,
  loadInfos,
  selectDevices,
} from './deviceStore.js';
import { energyOf, sortByEnergy, sumEnergy } from './energy.js';
import { byId, loadPlaces } from './places.js';

export const GENERATOR = 'gerador';
export const TRANSFER_PANEL = 'tfr';
const POWER_READING = 'kW';

export interface EnergyReadOptions {
  sortby?: string;
  nomes?: readonly string[];
  nowSec: number;
}

/** Generators or transfer panels of the selection with their readings and energy, sorted by `sortby`. */
export async function energyDeviceRows(
  db: Kysely<Database>,
  selection: DeviceSelection,
  options: EnergyReadOptions,
): Promise<EnergyDeviceRow[]> {
  const devices = await selectDevices(db, selection);
  // On SQLite the statements below run in this thread: a turn after the selection.
  await nextTurn();
  const [rows, energy] = await Promise.all([
    buildDeviceRows(db, devices, { nomes: options.nomes, nowSec: options.nowSec }),
    energyByDevice(
      db,
      devices.map((d) => d.id),
      options.nowSec,
    ),
  ]);
  // The rows are this call's own: each takes its energy in place (a copy of 5,000 rows of
  // 30 readings each was 10-20 ms), and the sort runs in a turn of its own.
  const withEnergy = rows as EnergyDeviceRow[];
  for (const row of withEnergy) row.energia = energyOf(energy, row.id);
  await nextTurn();
  return sortByEnergy(withEnergy, options.sortby);
}

type PlaceTotals = Omit<PlantRow, 'id' | 'nome' | 'uf' | 'lat' | 'longi' | 'sisId' | 'scds'>;

interface FleetState {
  devices: DeviceRecord[];
  alarms: Map<number, number>;
  generatorInfos: Map<number, InfoRecord[]>;
  energy: Map<number, EnergySummary>;
  nowSec: number;
}

async function fleetState(
  db: Kysely<Database>,
  selection: DeviceSelection,
  nowSec: number,
): Promise<FleetState> {
  const devices = await selectDevices(db, selection);
  const generatorIds = devices.filter((d) => d.tipo === GENERATOR).map((d) => d.id);
  const [alarms, generatorInfos, energy] = await Promise.all([
    countActiveAlarms(db, { deviceIds: devices.map((d) => d.id) }),
    loadInfos(db, generatorIds, [POWER_READING, GENERATOR_STATUS_READING]),
    energyByDevice(db, generatorIds, nowSec),
  ]);
  return { devices, alarms, generatorInfos, energy, nowSec };
}

function totals(state: FleetState, devices: readonly DeviceRecord[]): PlaceTotals {
  let online = 0;
  let alarms = 0;
  let newest: number | null = null;
  let generators = 0;
  let running = 0;
  let power: number | null = null;
  const nominals: (number | null)[] = [];
  const energies: EnergySummary[] = [];
  for (const d of devices) {
    const deviceOnline = isOnline(
      { lastReadingTs: d.lastSeenAt, isMeter: d.tipo === 'medidor' },
      state.nowSec,
    );
    if (deviceOnline) online += 1;
    alarms += state.alarms.get(d.id) ?? 0;
    if (d.lastSeenAt !== null && (newest === null || d.lastSeenAt > newest)) newest = d.lastSeenAt;
    if (d.tipo !== GENERATOR) continue;
    generators += 1;
    const infos = (state.generatorInfos.get(d.id) ?? []).map((i) => ({
      nome: i.nome,
      valorAtual: i,
    }));
    if (isGeneratorRunning(infoValue(infos, GENERATOR_STATUS_READING), deviceOnline)) running += 1;
    const kw = infoValue(infos, POWER_READING);
    if (kw !== null) power = (power ?? 0) + kw;
    nominals.push(deviceParams(d.params).kwn);
    energies.push(energyOf(state.energy, d.id));
  }
  return {
    dispositivos: devices.length,
    online,
    alarmTreeMapValue: alarms,
    resumoComunicacao: communicationSummary(newest, state.nowSec),
    ultimaLeitura: newest,
    geradores: generators,
    geradoresLigados: running,
    potenciaAtual: power,
    potenciaNominal: nominalSum(nominals),
    energia: sumEnergy(energies),
  };
}

function groupBy<K>(devices: readonly DeviceRecord[], key: (d: DeviceRecord) => K | null) {
  const groups = new Map<K, DeviceRecord[]>();
  for (const d of devices) {
    const k = key(d);
    if (k === null) continue;
    const list = groups.get(k);
    if (list) list.push(d);
    else groups.set(k, [d]);
  }
  return groups;
}

/** Plants of `systemIds` (or the one `usinaId`) with totals over their devices, sorted by `sortby`. */
export async function plantRows(
  db: Kysely<Database>,
  systemIds: number[],
  options: { usinaId?: number; sortby?: string; nowSec: number },
): Promise<PlantRow[]> {
  const [places, state] = await Promise.all([
    loadPlaces(db, systemIds, { plants: true, scds: true }),
    fleetState(db, { systemIds, usinaId: options.usinaId }, options.nowSec),
  ]);
  const byPlant = groupBy(state.devices, (d) => d.usinaId);
  const plants = places.plants.filter(
    (p) => options.usinaId === undefined || p.id === options.usinaId,
  );
  const rows = plants.map((p) => ({
    ...placeLocation(p),
    scds: places.scds.filter((s) => s.usinaId === p.id).map((s) => ({ id: s.id, nome: s.nome })),
    ...totals(state, byPlant.get(p.id) ?? []),
  }));
  return sortByEnergy(rows, options.sortby);
}

/** SCDs of `systemIds` (or the one `scdId`) with totals over their devices, sorted by `sortby`. */
export async function scdRows(
  db: Kysely<Database>,
  systemIds: number[],
  options: { scdId?: number; sortby?: string; nowSec: number },
): Promise<ScdRow[]> {
  const [places, state] = await Promise.all([
    loadPlaces(db, systemIds, { plants: true, scds: true }),
    fleetState(db, { systemIds, scdId: options.scdId }, options.nowSec),
  ]);
  const plants = byId(places.plants);
  const byScd = groupBy(state.devices, (d) => d.scdId);
  const scds = places.scds.filter((s) => options.scdId === undefined || s.id === options.scdId);
  const rows = scds.map((s) => {
    const plant = s.usinaId === null ? undefined : plants.get(s.usinaId);
    return {
      ...placeLocation(s),
      usina: plant ? { id: plant.id, nome: plant.nome } : null,
      ...totals(state, byScd.get(s.id) ?? []),
    };
  });
  return sortByEnergy(rows, options.sortby);
}
