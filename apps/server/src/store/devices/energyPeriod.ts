import type {
  DayEnergy,
  DeviceEnergyCard,
  EnergyCard,
  GeneratedEnergy,
  PlantDailyEnergy,
  PlantDayEnergy,
  StateEnergyCard,
} from '@vigia/contract';
import {
  calendarDateOf,
  type EnergyDay,
  endOfDaySec,
  energyCard,
  energyDays,
  energyDefaultWindow,
  formatIsoDate,
  GENERATED_ENERGY_TYPE,
  GRID_ENERGY_TYPE,
  PLACEHOLDER_NUMBER,
  parseIsoDate,
  parsePlantSort,
  plantComparator,
  previousEnergyDays,
  startOfDaySec,
  sumEnergySeries,
  totalEnergy,
  validatePeriodSec,
} from '@vigia/domain';
import type { Kysely } from 'kysely';
import { badRequest } from '../../plugins/httpError.js';
import {
  dailyEnergyByDevice,
  type EnergyDevice,
  type EnergySelection,
  energyDevices,
} from '../energy/dailyEnergy.js';
import type { Database } from '../schema.js';
import { rowComparator } from './listing.js';
import type { PlaceRecord } from './placeScope.js';
import { loadPlaces } from './places.js';

type Db = Kysely<Database>;
type Series = (number | null)[];

/** A period's local days and the previous period of equal length. */
export interface EnergyWindow {
  inicio: number;
  fim: number;
  days: EnergyDay[];
  previous: EnergyDay[];
}

/**
 * The period of an energy call (epoch seconds): either end absent takes the
 * default (previous 8 days to yesterday); spec 001 §5 rules answer 400.
 */
export function energyWindow(inicio: number | undefined, fim: number | undefined, now: Date) {
  const fallback = energyDefaultWindow(now);
  const start = inicio ?? fallback.inicio;
  const end = fim ?? fallback.fim;
  const problem = validatePeriodSec(start, end);
  if (problem) throw badRequest(problem);
  const days = energyDays(start, end);
  const first = days[0];
  const last = days[days.length - 1];
  if (!first || !last) throw badRequest();
  return { inicio: first.inicio, fim: last.fim, days, previous: previousEnergyDays(days) };
}

/** `diaDe`, `diaAte` ('YYYY-MM-DD' local days) as an energy window. */
export function energyWindowOfDays(
  diaDe: string | undefined,
  diaAte: string | undefined,
  now: Date,
) {
  const from = diaDe ? parseIsoDate(diaDe) : null;
  const to = diaAte ? parseIsoDate(diaAte) : null;
  return energyWindow(
    from ? startOfDaySec(from) : undefined,
    to ? endOfDaySec(to) : undefined,
    now,
  );
}

const dayValue = (v: number | null): DayEnergy => v ?? PLACEHOLDER_NUMBER;

function card(window: EnergyWindow, days: Series, previous: Series): EnergyCard {
  return {
    energia: window.days.map((d, i) => ({ ts: d.inicio, valor: dayValue(days[i] ?? null) })),
    ...energyCard(days, previous),
  };
}

interface Loaded {
  devices: EnergyDevice[];
  current: Map<number, Series>;
  previous: Map<number, Series>;
}

/** The selection's counters over the window and the previous period, in one query. */
async function loadEnergy(db: Db, selection: EnergySelection, window: EnergyWindow) {
  const devices = await energyDevices(db, selection);
  const all = await dailyEnergyByDevice(db, devices, [...window.previous, ...window.days]);
  const split = window.previous.length;
  const current = new Map<number, Series>();
  const previous = new Map<number, Series>();
  for (const [id, values] of all) {
    previous.set(id, values.slice(0, split));
    current.set(id, values.slice(split));
  }
  return { devices, current, previous } satisfies Loaded;
}

function sumOver(loaded: Loaded, devices: readonly EnergyDevice[], length: number) {
  const pick = (m: Map<number, Series>, len: number) =>
    sumEnergySeries([Array(len).fill(null), ...devices.map((d) => m.get(d.id) ?? [])]);
  return {
    current: pick(loaded.current, length),
    previous: pick(loaded.previous, 0),
  };
}

function groupCard(loaded: Loaded, window: EnergyWindow, devices: readonly EnergyDevice[]) {
  const { current, previous } = sumOver(loaded, devices, window.days.length);
  return card(window, current, previous);
}

/** Spec 001 §9 plant sorts on the card's total and variation; ties by name. */
export function sortByCard<T extends EnergyCard & { id: number; nome: string }>(
  rows: T[],
  sortby: string | undefined,
): T[] {
  const byEnergy = plantComparator<T>(parsePlantSort(sortby), (r) => ({
    energy: r.energiaTotal,
    variation: r.diferencaPorcentagem,
  }));
  const byName = rowComparator<T>([{ value: (r) => r.nome }], (r) => r.id);
  return rows.sort((a, b) => byEnergy(a, b) || byName(a, b));
}

/** `/api/energia/usinas/energiagerada`: each plant's generated energy (its generators). */
export async function generatedEnergy(
  db: Db,
  systemIds: number[],
  window: EnergyWindow,
  sortby: string | undefined,
): Promise<GeneratedEnergy> {
  const [places, loaded] = await Promise.all([
    loadPlaces(db, systemIds, { plants: true }),
    loadEnergy(db, { systemIds, tipos: [GENERATED_ENERGY_TYPE] }, window),
  ]);
  const usinas = places.plants.map((p) => ({
    id: p.id,
    nome: p.nome,
    uf: p.uf,
    sisId: p.systemId,
    ...groupCard(
      loaded,
      window,
      loaded.devices.filter((d) => d.usinaId === p.id),
    ),
  }));
  const inPlants = loaded.devices.filter((d) => d.usinaId !== null);
  return {
    inicio: window.inicio,
    fim: window.fim,
    total: groupCard(loaded, window, inPlants),
    usinas: sortByCard(usinas, sortby),
  };
}

/** `/api/energia/usinas/{usinaId}/energiagerada/por_dia`. */
export async function plantDailyEnergy(
  db: Db,
  plant: PlaceRecord,
  window: EnergyWindow,
): Promise<PlantDailyEnergy> {
  const [places, loaded] = await Promise.all([
    loadPlaces(db, [plant.systemId], { plants: true, scds: true }),
    loadEnergy(db, { systemIds: [plant.systemId], usinaId: plant.id }, window),
  ]);
  const generators = loaded.devices.filter((d) => d.tipo === GENERATED_ENERGY_TYPE);
  const meters = loaded.devices.filter((d) => d.tipo === GRID_ENERGY_TYPE);
  const generated = sumOver(loaded, generators, window.days.length);
  const grid = sumOver(loaded, meters, window.days.length);
  const plantCard = card(window, generated.current, generated.previous);
  return {
    id: plant.id,
    nome: plant.nome,
    uf: places.plants.find((p) => p.id === plant.id)?.uf ?? '',
    inicio: window.inicio,
    fim: window.fim,
    ...plantCard,
    energiaTotalUsina: plantCard.energiaTotal,
    energiaTotalRede: totalEnergy(grid.current),
    energiaPeriodo: window.days.map((d, i) => ({
      ts: d.inicio,
      data: formatIsoDate(d.inicio),
      energia: dayValue(generated.current[i] ?? null),
      energiaTotalRede: dayValue(grid.current[i] ?? null),
    })),
    energiaPorScd: places.scds
      .filter((s) => s.usinaId === plant.id)
      .map((s) => ({
        id: s.id,
        nome: s.nome,
        energia: totalEnergy(
          sumOver(
            loaded,
            generators.filter((g) => g.scdId === s.id),
            window.days.length,
          ).current,
        ),
      })),
  };
}

/** `/api/energia/usinas/{usinaId}/energiagerada/todos_do_dia`: `tsdia` absent is yesterday. */
export async function plantDayEnergy(
  db: Db,
  plant: PlaceRecord,
  tsdia: number | undefined,
  now: Date,
): Promise<PlantDayEnergy> {
  const ts = tsdia ?? energyDefaultWindow(now).fim;
  const date = calendarDateOf(ts * 1000);
  const day = { inicio: startOfDaySec(date), fim: endOfDaySec(date) };
  const devices = await energyDevices(db, { systemIds: [plant.systemId], usinaId: plant.id });
  const values = await dailyEnergyByDevice(db, devices, [day]);
  const of = (list: readonly EnergyDevice[]) =>
    sumEnergySeries(list.map((d) => values.get(d.id) ?? [null]))[0] ?? null;
  return {
    id: plant.id,
    nome: plant.nome,
    ts: day.inicio,
    data: formatIsoDate(day.inicio),
    energiaTotalUsina: dayValue(of(devices.filter((d) => d.tipo === GENERATED_ENERGY_TYPE))),
    energiaTotalRede: dayValue(of(devices.filter((d) => d.tipo === GRID_ENERGY_TYPE))),
    dispositivos: devices.map((d) => ({
      id: d.id,
      nome: d.nome,
      patrimonio: d.patrimonio,
      tipo: d.tipo,
      scdId: d.scdId,
      energia: dayValue(values.get(d.id)?.[0] ?? null),
    })),
  };
}

/**
 * Every energy device of the selection with its card, sorted by `sortby`,
 * and the devices' energy summed per state (UF), by UF.
 */
export async function deviceEnergyCards(
  db: Db,
  selection: EnergySelection,
  window: EnergyWindow,
  sortby: string | undefined,
): Promise<{ rows: DeviceEnergyCard[]; states: StateEnergyCard[] }> {
  const loaded = await loadEnergy(db, selection, window);
  const rows = loaded.devices.map((d) => ({
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
    ...card(window, loaded.current.get(d.id) ?? [], loaded.previous.get(d.id) ?? []),
  }));
  const byUf = new Map<string, EnergyDevice[]>();
  for (const d of loaded.devices) byUf.set(d.uf, [...(byUf.get(d.uf) ?? []), d]);
  const states = [...byUf.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([uf, list]) => ({ uf, dispositivos: list.length, ...groupCard(loaded, window, list) }));
  return { rows: sortByCard(rows, sortby), states };
}
