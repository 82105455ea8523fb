import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRandom } from '../../seed/random.js';
import type { Store } from '../database.js';
import { insertGenerators } from '../devices/fixtures.js';
import type { NewOccurrence } from '../schema.js';
import { openTestStore, testStoreAvailable } from '../testStore.js';
import type { Direction, OccurrenceFilter } from './filter.js';
import { selectPageIds } from './page.js';

const available = await testStoreAvailable();

const HOUR = 3600;
const DAY = 86_400;
/** A UTC midnight, so day-aligned periods are easy to write. */
const START = 1_700_006_400;
/** Several 32-day counter blocks. */
const SPAN_DAYS = 80;
const SYSTEMS = [1, 2, 3];
const DEVICES = [
  { id: 11, system: 1 },
  { id: 12, system: 1 },
  { id: 21, system: 2 },
  { id: 31, system: 3 },
];

interface Stored {
  id: number;
  system_id: number;
  device_id: number;
  is_evt: number;
  hora_ativacao: number;
  nome_alarme: string;
}

/**
 * The deep-offset seek (per-day/hour counters) must return exactly what a
 * plain OFFSET returns, for every filter it applies to, in both orders.
 */
describe.skipIf(!available)('occurrence pages: counter seek equals plain offsets', () => {
  let store: Store;
  const stored: Stored[] = [];

  beforeAll(async () => {
    store = await openTestStore();
    const db = store.db;
    await insertGenerators(store, DEVICES, START);
    const random = createRandom(7);
    const rows: NewOccurrence[] = [];
    for (let i = 0; i < 8000; i++) {
      const device = random.pick(DEVICES);
      // Bursts in some hours, quiet days, and ties on the same second.
      const day = random.int(0, SPAN_DAYS - 1);
      if (day === 5 && random.chance(0.9)) continue;
      const hora =
        START +
        day * DAY +
        random.int(0, 23) * HOUR +
        (random.chance(0.3) ? 0 : random.int(0, 3599));
      const isEvt = random.chance(0.3) ? 1 : 0;
      rows.push({
        system_id: device.system,
        device_id: device.id,
        site_id: device.id,
        critico: 10,
        is_evt: isEvt,
        hora_ativacao: hora,
        hora_desativacao: isEvt ? hora : hora + 60,
        nome_alarme: isEvt ? 'Evento' : `Alarme ${random.int(1, 3)}`,
      });
    }
    for (let i = 0; i < rows.length; i += 500) {
      const inserted = await db
        .insertInto('occurrences')
        .values(rows.slice(i, i + 500))
        .returning(['id', 'system_id', 'device_id', 'is_evt', 'hora_ativacao', 'nome_alarme'])
        .execute();
      stored.push(...inserted.map((r) => ({ ...r, hora_ativacao: Number(r.hora_ativacao) })));
    }
  });
  afterAll(async () => {
    await store?.close();
  });

  const filterOf = (o: Partial<OccurrenceFilter>): OccurrenceFilter => ({
    systemIds: SYSTEMS,
    deviceIds: null,
    alarms: 'any',
    events: true,
    from: null,
    to: null,
    text: null,
    ...o,
  });

  /** The oracle: filter and sort in memory. */
  const expected = (f: OccurrenceFilter, offset: number, limit: number, direction: Direction) =>
    stored
      .filter(
        (o) =>
          f.systemIds.includes(o.system_id) &&
          (f.deviceIds === null || f.deviceIds.includes(o.device_id)) &&
          (f.text === null ||
            f.text.names.includes(o.nome_alarme) ||
            f.text.deviceIds.includes(o.device_id)) &&
          (o.is_evt === 1 ? f.events : f.alarms !== null) &&
          (f.from === null || o.hora_ativacao >= f.from) &&
          (f.to === null || o.hora_ativacao <= f.to),
      )
      .sort((a, b) =>
        direction === 'desc'
          ? b.hora_ativacao - a.hora_ativacao || b.id - a.id
          : a.hora_ativacao - b.hora_ativacao || a.id - b.id,
      )
      .slice(offset, offset + limit)
      .map((o) => o.id);

  const cases: [string, Partial<OccurrenceFilter>][] = [
    ['every system, both kinds', {}],
    ['one system', { systemIds: [2] }],
    ['two systems, alarms only', { systemIds: [1, 3], events: false }],
    ['events only', { alarms: null }],
    ['day-aligned period', { from: START + 2 * DAY, to: START + 9 * DAY - 1 }],
    ['unaligned period', { from: START + 2 * DAY + 5000, to: START + 8 * DAY + 40_000 }],
    [
      'period within one hour',
      { from: START + 3 * DAY + 7 * HOUR + 100, to: START + 3 * DAY + 7 * HOUR + 3000 },
    ],
    [
      'period within one day',
      { from: START + 4 * DAY + 3 * HOUR + 1, to: START + 4 * DAY + 20 * HOUR + 7 },
    ],
    ['open start', { to: START + 6 * DAY + 12_345 }],
    ['open end', { from: START + 6 * DAY + 12_345 }],
    ['period over the quiet day', { from: START + 4 * DAY + 100, to: START + 6 * DAY + 100 }],
    ['period over several blocks', { from: START + 10 * DAY + 123, to: START + 70 * DAY + 5 }],
    ['period on a block boundary', { from: START + 4 * DAY, to: START + 36 * DAY - 1 }],
    ['devices (day counters)', { deviceIds: [11, 31], systemIds: [1, 3] }],
    [
      'one device, period',
      { deviceIds: [21], systemIds: [2], from: START + DAY + 777, to: START + 10 * DAY + 5 },
    ],
    ['text names (day counters)', { text: { names: ['Alarme 1', 'Evento'], deviceIds: [] } }],
    // The seek inlines its keys as literals: a quote must stay a quote.
    ['text names with a quote', { text: { names: ["Pressão d'água", 'Alarme 3'], deviceIds: [] } }],
    [
      'text names, alarms, period',
      {
        text: { names: ['Alarme 2'], deviceIds: [] },
        events: false,
        from: START + 3 * DAY + 1,
        to: START + 11 * DAY,
      },
    ],
    // No test row is acknowledged, so every alarm is pending: the oracle's kinds still hold.
    ['attention: pending alarms (read from the nearer end)', { alarms: 'pending', events: false }],
    ['attention with events, one system', { alarms: 'pending', systemIds: [2] }],
    [
      'attention, devices, period',
      { alarms: 'pending', deviceIds: [11, 31], systemIds: [1, 3], from: START + 5 * DAY + 9 },
    ],
  ];

  for (const [name, partial] of cases) {
    for (const direction of ['desc', 'asc'] as const) {
      it(`${name}, ${direction}`, async () => {
        const filter = filterOf(partial);
        const total = expected(filter, 0, Number.MAX_SAFE_INTEGER, direction).length;
        const offsets = [
          0,
          1,
          7,
          99,
          Math.floor(total / 3),
          Math.floor(total / 2) + 3,
          total - 107,
          total - 5,
          total - 1,
          total,
          total + 10,
        ].filter((o) => o >= 0);
        for (const offset of offsets) {
          const page = { offset, limit: 7, direction, seekMinOffset: 0 };
          const seeked = await selectPageIds(store, filter, page);
          expect(seeked, `offset ${offset}`).toEqual(expected(filter, offset, 7, direction));
        }
      });
    }
  }

  it('text matches (names and devices, overlapping) merge in order without duplicates', async () => {
    const filter = filterOf({ text: { names: ['Evento'], deviceIds: [21] }, systemIds: [1, 2] });
    for (const offset of [0, 50, 1000]) {
      const ids = await selectPageIds(store, filter, {
        offset,
        limit: 40,
        direction: 'asc',
      });
      const oracle = stored
        .filter(
          (o) => [1, 2].includes(o.system_id) && (o.nome_alarme === 'Evento' || o.device_id === 21),
        )
        .sort((a, b) => a.hora_ativacao - b.hora_ativacao || a.id - b.id)
        .slice(offset, offset + 40)
        .map((o) => o.id);
      expect(ids).toEqual(oracle);
    }
    const none = filterOf({ text: { names: [], deviceIds: [] } });
    expect(await selectPageIds(store, none, { offset: 0, limit: 10, direction: 'desc' })).toEqual(
      [],
    );
  });

  it('device and multi-system branches merge in order', async () => {
    const filter = filterOf({ deviceIds: [11, 12, 31], systemIds: [1, 3] });
    for (const offset of [0, 13, 500]) {
      const ids = await selectPageIds(store, filter, {
        offset,
        limit: 25,
        direction: 'desc',
      });
      const oracle = stored
        .filter((o) => [11, 12, 31].includes(o.device_id))
        .sort((a, b) => b.hora_ativacao - a.hora_ativacao || b.id - a.id)
        .slice(offset, offset + 25)
        .map((o) => o.id);
      expect(ids).toEqual(oracle);
    }
  });
});
