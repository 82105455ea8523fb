import { type RawBuilder, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Store } from '../database.js';
import { insertGenerators } from '../devices/fixtures.js';
import type { NewOccurrence } from '../schema.js';
import { openTestStore, testStoreAvailable } from '../testStore.js';
import { filterConditions, type OccurrenceFilter, whereClause } from './filter.js';
import { countOccurrences } from './list.js';
import { selectPageIds } from './page.js';

const available = await testStoreAvailable();

const T0 = 1_700_000_000;
const DEVICES = [
  { id: 11, system: 1 },
  { id: 21, system: 2 },
];

/**
 * Attention lists and the active counter leave out shelved alarms and those of
 * devices out of service, and stay index-only on the partial indexes of
 * migration 0170 (a list read from its far end counts its rows first).
 */
describe.skipIf(!available)('attention lists and the active counter, shelving filtered', () => {
  let store: Store;
  /** [id, device, active, annunciated] of every pending alarm. */
  const pending: { id: number; device: number; active: boolean; annunciated: boolean }[] = [];

  beforeAll(async () => {
    store = await openTestStore();
    const db = store.db;
    await insertGenerators(store, DEVICES, T0);
    const rows: NewOccurrence[] = [];
    for (let i = 0; i < 600; i++) {
      const device = DEVICES[i % 2] as (typeof DEVICES)[number];
      const hora = T0 + i * 60;
      // Cycles through: active, cleared unacknowledged, cleared and acknowledged, event.
      const kind = i % 4;
      rows.push({
        system_id: device.system,
        device_id: device.id,
        site_id: device.id,
        critico: 10,
        is_evt: kind === 3 ? 1 : 0,
        hora_ativacao: hora,
        hora_desativacao: kind === 0 ? null : hora + 30,
        hora_ack: kind === 2 ? hora + 40 : null,
        nome_alarme: `Alarme ${i}`,
        shelved_until: i % 7 === 0 ? hora + 3600 : null,
        out_of_service: i % 11 === 0 ? 1 : 0,
      });
    }
    const inserted = await db
      .insertInto('occurrences')
      .values(rows)
      .returning(['id', 'device_id', 'is_evt', 'hora_desativacao', 'hora_ack'])
      .execute();
    inserted.forEach((o, i) => {
      if (o.is_evt === 1 || (o.hora_desativacao !== null && o.hora_ack !== null)) return;
      pending.push({
        id: o.id,
        device: o.device_id,
        active: o.hora_desativacao === null,
        annunciated: i % 7 !== 0 && i % 11 !== 0,
      });
    });
    if (store.dialect === 'sqlite') await sql`analyze`.execute(db);
    // Marks the pages all-visible, as autovacuum does, so index-only scans are worth it.
    else await sql`vacuum analyze occurrences`.execute(db);
  });
  afterAll(async () => {
    await store?.close();
  });

  const filterOf = (o: Partial<OccurrenceFilter>): OccurrenceFilter => ({
    systemIds: [1, 2],
    deviceIds: null,
    alarms: 'pending',
    events: false,
    from: null,
    to: null,
    text: null,
    ...o,
  });

  it('the counter counts active alarms neither shelved nor out of service', async () => {
    const n = await countOccurrences(store, filterOf({ alarms: 'active', systemIds: [1] }));
    expect(n).toBe(pending.filter((p) => p.active && p.annunciated && p.device === 11).length);
  });

  it('an attention list leaves them out, read from either end', async () => {
    const ids = pending
      .filter((p) => p.annunciated)
      .map((p) => p.id)
      .reverse();
    for (const offset of [0, 100, ids.length - 30]) {
      const page = { offset, limit: 20, direction: 'desc' as const, seekMinOffset: 0 };
      expect(await selectPageIds(store, filterOf({}), page)).toEqual(
        ids.slice(offset, offset + 20),
      );
    }
  });

  /** The plan of `select count(*)` over the filter, with sequential scans off on PostgreSQL (a small table). */
  async function plan(filter: OccurrenceFilter): Promise<string> {
    const query = (w: RawBuilder<unknown>) => sql`select count(*) from occurrences ${w}`;
    const where = whereClause(filterConditions(filter));
    if (store.dialect === 'sqlite') {
      const { rows } = await sql<{ detail: string }>`explain query plan ${query(where)}`.execute(
        store.db,
      );
      return rows.map((r) => r.detail).join('\n');
    }
    return store.db.transaction().execute(async (trx) => {
      await sql`set local enable_seqscan = off`.execute(trx);
      await sql`set local enable_bitmapscan = off`.execute(trx);
      const { rows } = await sql<{ 'QUERY PLAN': string }>`explain ${query(where)}`.execute(trx);
      return rows.map((r) => r['QUERY PLAN']).join('\n');
    });
  }

  // PostgreSQL reads the index alone once the pages are all-visible, which a transaction
  // open elsewhere on the shared server can delay: there the index is what is checked.
  const indexOnly = (index: string) =>
    new RegExp(`(COVERING INDEX|Index (Only )?Scan using) ${index}\\b`);

  it('counts on the partial indexes of migration 0170 (index-only on SQLite)', async () => {
    expect(await plan(filterOf({ systemIds: [1] }))).toMatch(
      indexOnly('occurrences_annunciated_idx'),
    );
    expect(await plan(filterOf({ alarms: 'active', systemIds: [1] }))).toMatch(
      indexOnly('occurrences_annunciated_idx'),
    );
    expect(await plan(filterOf({ deviceIds: [21], systemIds: [2] }))).toMatch(
      indexOnly('occurrences_device_annunciated_idx'),
    );
  });
});
