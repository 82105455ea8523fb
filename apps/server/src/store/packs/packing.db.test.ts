import type { Insertable } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Store } from '../database.js';
import { readPens } from '../devices/chartHistory.js';
import { insertGenerators } from '../devices/fixtures.js';
import { dailyEnergyByDevice, type EnergyDevice } from '../energy/dailyEnergy.js';
import { energyByDevice } from '../energy/energyCounters.js';
import { ensureReadingPartitions } from '../partitions.js';
import { historyStorage } from '../readingStorage.js';
import { applyRetention } from '../retention.js';
import { catchUpRollups, dayAggregates, hourAggregates } from '../rollups/rollups.js';
import type { ReadingsTable } from '../schema.js';
import { insertReadingRows, openTestStore, testStoreAvailable } from '../testStore.js';
import { packClosedHours } from './packing.js';
import { newestAtOrBefore, readingsIn } from './readingRange.js';

const available = await testStoreAvailable();

/** 2026-07-10 00:00 UTC, an hour boundary. */
const T0 = Date.UTC(2026, 6, 10) / 1000;
const HOUR = 3600;
const DAY = 86_400;
/** Two days and an hour of readings every 30 s, the last hour left open. */
const END = T0 + 2 * DAY + HOUR;
const NOW = END + 10 * 60;

const TAGS = ['kW', 'kWh', 'statusGMG', 'fixo', 'raro'] as const;

/** Each tag's value at step i: noise, a counter with a reset, a status word, a constant. */
function readingValue(tag: (typeof TAGS)[number], i: number): number {
  switch (tag) {
    case 'kW':
      return 100 + Math.sin(i * 0.37) * 3.7 + i / 7;
    case 'kWh':
      return i < 3000 ? 1000 + i * 0.25 : (i - 3000) * 0.5;
    case 'statusGMG':
      return i % 7;
    case 'fixo':
      return 5;
    case 'raro':
      return i / 3;
  }
}

describe.skipIf(!available)('packed hours read as the raw readings did', () => {
  let store: Store;
  const tagIds = new Map<string, number>();
  const id = (nome: string) => tagIds.get(nome) as number;

  beforeAll(async () => {
    store = await openTestStore();
    await insertGenerators(store, [{ id: 1, system: 1 }], T0 - DAY);
    for (const nome of TAGS) {
      const row = await store.db
        .insertInto('tags')
        .values({ device_id: 1, nome, apelido: nome, unidade: 'u' })
        .returning('id')
        .executeTakeFirstOrThrow();
      tagIds.set(nome, row.id);
    }
    await ensureReadingPartitions(store, T0, END);
    const rows: Insertable<ReadingsTable>[] = [];
    for (let i = 0, ts = T0; ts < END; i++, ts += 30) {
      for (const nome of TAGS) {
        if (nome === 'raro' && i % 30 !== 0) continue;
        // A stretch of doubtful quality on kW.
        const qos = nome === 'kW' && i >= 400 && i < 420 ? 2 : 0;
        rows.push({ tag_id: id(nome), ts, valor: readingValue(nome, i), qos });
      }
    }
    await insertReadingRows(store, rows);
    await store.db
      .insertInto('current_values')
      .values({ tag_id: id('kWh'), valor: 99_999, ts: END - 30, qos: 0 })
      .execute();
    await catchUpRollups(store, NOW);
  });
  afterAll(async () => {
    await store?.close();
  });

  const energyDevice: EnergyDevice = {
    id: 1,
    nome: 'Gerador 1',
    patrimonio: 'GMG1',
    tipo: 'gerador',
    localNome: 'Local',
    uf: 'SP',
    systemId: 1,
    usinaId: null,
    scdId: null,
    venueId: null,
    tagId: 0,
    scale: 1,
  };

  /** Every read of raw history, over raw-sized, bucketed and hourly periods. */
  async function answers() {
    const pens = TAGS.map((nome) => ({
      id: id(nome),
      nome,
      apelido: nome,
      unidade: 'u',
      scale_min: null,
      scale_max: null,
    }));
    const all = await readingsIn(store.db, [...tagIds.values()], T0, END);
    return {
      all: Array.from({ length: all.length }, (_, i) => [
        all.tagIds[i],
        all.ts[i],
        all.valores[i],
        all.qos[i],
      ]),
      raw: await readPens(store.db, pens, { inicio: T0 + 5 * HOUR + 17, fim: T0 + 10 * HOUR }),
      bucketed: await readPens(store.db, pens, { inicio: T0 + 1234, fim: T0 + DAY + 999 }),
      hourly: await readPens(store.db, pens, { inicio: T0 - 20 * DAY, fim: END }),
      hours: await hourAggregates(store.db, [...tagIds.values()], T0 + 1000, END),
      days: await dayAggregates(store.db, [...tagIds.values()], T0 - DAY, END),
      daily: await dailyEnergyByDevice(
        store.db,
        [{ ...energyDevice, tagId: id('kWh') }],
        [
          { inicio: T0 + 3 * HOUR, fim: T0 + 27 * HOUR - 1 },
          { inicio: T0 + 27 * HOUR, fim: T0 + 51 * HOUR - 1 },
        ],
      ),
      energy: await energyByDevice(store.db, [1], NOW - 45 * 60),
      newest: await newestAtOrBefore(
        store.db,
        [...tagIds.values()],
        T0 + DAY + 15,
        T0 + DAY - 2 * HOUR,
      ),
    };
  }

  it('gives the same charts, aggregates and energy before and after packing, point by point', async () => {
    const before = await answers();
    expect(before.all.length).toBeGreaterThan(20_000);
    expect(before.bucketed.find((p) => p.nome === 'kW')?.agrupamento).not.toBeNull();
    expect(before.raw.find((p) => p.nome === 'kW')?.agrupamento).toBeNull();
    expect(before.daily.get(1)?.every((v) => typeof v === 'number' && v > 0)).toBe(true);
    expect(before.energy.get(1)).toBeDefined();
    expect(before.newest.size).toBe(TAGS.length);
    expect(before.hours.length).toBeGreaterThan(40 * TAGS.length);

    const stored = await historyStorage(store);
    const pass = await packClosedHours(store, END - HOUR);
    expect(pass.readings).toBeGreaterThan(20_000);
    // 48 closed hours of five tags.
    expect(pass.packs).toBe(48 * TAGS.length);
    const left = await store.db
      .selectFrom('readings')
      .select(({ fn }) => [fn.min<number>('ts').as('min'), fn.countAll<number>().as('n')])
      .executeTakeFirstOrThrow();
    expect(Number(left.min)).toBeGreaterThanOrEqual(END - 2 * HOUR);

    expect(await answers()).toEqual(before);
    const packed = await historyStorage(store);
    expect(packed.readings).toBe(stored.readings);
    expect(packed.packedReadings).toBe(pass.readings);
    // PostgreSQL keeps the deleted rows' pages for its vacuum and the next rows: SQLite frees them.
    if (store.dialect === 'sqlite') expect(packed.bytes).toBeLessThan(stored.bytes * 0.7);
  });

  it('reads a late reading of a packed hour at once, keeps the packed one of a repeated time, and packs it next', async () => {
    const kW = id('kW');
    const hour = T0 + 5 * HOUR;
    const late = { tag_id: kW, ts: hour + 7, valor: 1234.5, qos: 1 };
    const repeated = { tag_id: kW, ts: hour + 30, valor: -1, qos: 0 };
    await store.db.insertInto('readings').values([late, repeated]).execute();
    const read = async () => {
      const rows = await readingsIn(store.db, [kW], hour, hour + 60);
      return Array.from({ length: rows.length }, (_, i) => [rows.ts[i], rows.valores[i]]);
    };
    // T0 + 5 h is step 600 of the data; the packed reading at +30 s is kept over the late copy.
    const expected = [
      [hour, readingValue('kW', 600)],
      [hour + 7, 1234.5],
      [hour + 30, readingValue('kW', 601)],
      [hour + 60, readingValue('kW', 602)],
    ];
    expect(await read()).toEqual(expected);

    expect(await packClosedHours(store, END - HOUR)).toEqual({ packs: 1, readings: 2 });
    expect(await read()).toEqual(expected);
    const raw = await store.db
      .selectFrom('readings')
      .select('ts')
      .where('tag_id', '=', kW)
      .where('ts', '<', END - 2 * HOUR)
      .execute();
    expect(raw).toEqual([]);
  });

  it('retention deletes the packed hours past the cutoff, and only those', async () => {
    const policy = { readings: 1, hourly: 0, daily: 0, occurrences: 0, audit: 0 };
    const cutoff = T0 + DAY + 30 * 60;
    const pass = await applyRetention(store, policy, cutoff + DAY);
    // The hours that end by the cutoff: the first day's 24, not the half-gone 25th.
    expect(pass.deletedPacks).toBe(24 * TAGS.length);
    const kept = await readingsIn(store.db, [id('kW')], T0, END);
    expect(kept.ts[0]).toBe(T0 + DAY);
  });
});
