import {
  COUNTER_LOOKBACK_SEC,
  dailyCounterEnergyOf,
  ENERGY_COUNTERS,
  type EnergyDay,
} from '@vigia/domain';
import type { Kysely } from 'kysely';
import { type DeviceSelection, whereSelected } from '../devices/deviceSelection.js';
import { readingsIn } from '../packs/readingRange.js';
import type { Database } from '../schema.js';

/** A device with an energy counter (domain `ENERGY_COUNTERS`). */
export interface EnergyDevice {
  id: number;
  nome: string;
  patrimonio: string;
  tipo: string;
  localNome: string;
  uf: string;
  systemId: number;
  usinaId: number | null;
  scdId: number | null;
  venueId: number | null;
  tagId: number;
  /** Counter unit to kWh. */
  scale: number;
}

/** Which energy devices: a device selection, optionally of one state (UF). */
export type EnergySelection = DeviceSelection & { uf?: string };

/** The selection's devices that have their type's energy counter tag. */
export async function energyDevices(
  db: Kysely<Database>,
  selection: EnergySelection,
): Promise<EnergyDevice[]> {
  const counters = Object.entries(ENERGY_COUNTERS).filter(
    ([tipo]) => !selection.tipos || selection.tipos.includes(tipo),
  );
  if (counters.length === 0) return [];
  const rows = await whereSelected(db.selectFrom('devices'), selection)
    .innerJoin('tags', 'tags.device_id', 'devices.id')
    .select([
      'devices.id as id',
      'devices.nome as nome',
      'devices.patrimonio as patrimonio',
      'devices.tipo as tipo',
      'devices.local_nome as localNome',
      'devices.uf as uf',
      'devices.system_id as systemId',
      'devices.usina_id as usinaId',
      'devices.scd_id as scdId',
      'devices.venue_id as venueId',
      'tags.id as tagId',
    ])
    .where((eb) =>
      eb.or(
        counters.map(([tipo, c]) =>
          eb.and([eb('devices.tipo', '=', tipo), eb('tags.nome', '=', c.reading)]),
        ),
      ),
    )
    .$if(selection.uf !== undefined, (q) => q.where('devices.uf', '=', selection.uf ?? ''))
    .orderBy('devices.nome')
    .orderBy('devices.id')
    .execute();
  return rows.map((r) => ({ ...r, scale: ENERGY_COUNTERS[r.tipo]?.scale ?? 1 }));
}

const COUNTERS_PER_READ = 8;

/**
 * Energy per local day of each device's counter (domain
 * `dailyCounterEnergyOf`): every reading is paired with the one before it, an
 * advance counts on the day of the later reading when the earlier one is at
 * most `COUNTER_LOOKBACK_SEC` before that day, a drop (reset, replaced
 * counter) counts nothing. A day without readings is null. Keyed by device
 * id, one value per entry of `days`. The readings are read once, packed hours
 * included, a few counters at a time, and paired in one pass per counter.
 */
export async function dailyEnergyByDevice(
  db: Kysely<Database>,
  devices: readonly EnergyDevice[],
  days: readonly EnergyDay[],
): Promise<Map<number, (number | null)[]>> {
  const out = new Map<number, (number | null)[]>();
  for (const d of devices)
    out.set(
      d.id,
      days.map(() => null),
    );
  const first = days[0];
  const last = days[days.length - 1];
  if (devices.length === 0 || !first || !last) return out;
  const byTag = new Map(devices.map((d) => [d.tagId, d]));
  const tagIds = [...byTag.keys()];
  const from = Math.min(...days.map((d) => d.inicio)) - COUNTER_LOOKBACK_SEC;
  const to = Math.max(...days.map((d) => d.fim));
  // A few counters at a time bounds what is held: a month every 10 s is 268,000 readings each.
  for (let i = 0; i < tagIds.length; i += COUNTERS_PER_READ) {
    const rows = await readingsIn(db, tagIds.slice(i, i + COUNTERS_PER_READ), from, to);
    for (let start = 0; start < rows.length; ) {
      const tagId = rows.tagIds[start] as number;
      let end = start + 1;
      while (end < rows.length && rows.tagIds[end] === tagId) end++;
      const device = byTag.get(tagId);
      if (device) out.set(device.id, dailyCounterEnergyOf(rows, start, end, days, device.scale));
      start = end;
    }
  }
  return out;
}
