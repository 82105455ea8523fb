import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { Store } from '../database.js';
import { type OccurrenceDatabase, occurrenceDb } from './db.js';
import {
  type ConditionOptions,
  type Direction,
  filterConditions,
  type OccurrenceFilter,
  whereClause,
} from './filter.js';
import { runPrepared } from './prepared.js';
import { seekOffset } from './seek.js';

/** Offsets from here on are placed with the counters (`seekOffset`) instead of stepped over. */
export const SEEK_MIN_OFFSET = 2000;
/** Up to this many devices (or text matches), each is read as its own ordered index range. */
const MAX_BRANCHES = 64;

export interface PageRequest {
  offset: number;
  limit: number;
  direction: Direction;
  /** Tests lower it to check the seek against plain offsets. */
  seekMinOffset?: number;
}

/**
 * The ids of one page, in list order (`hora_ativacao`, then `id`, both in
 * `direction`). Every branch is an ordered range of one index (per system or
 * per device) cut at `offset + limit`, merged when there are several, so the
 * cost follows the page and not the table. Deep offsets on system-wide lists
 * start from the counters' position (see seek.ts).
 */
export async function selectPageIds(
  store: Store,
  filter: OccurrenceFilter,
  page: PageRequest,
): Promise<number[]> {
  const db: Reader = { store, db: occurrenceDb(store), sqlite: store.dialect === 'sqlite' };
  const { limit, direction } = page;
  if (page.offset >= (page.seekMinOffset ?? SEEK_MIN_OFFSET)) {
    const position = await seekOffset(store, filter, page.offset, direction);
    if (position) {
      const bounds = { below: position.below, atOrAbove: position.atOrAbove };
      return readPage(db, filter, bounds, position.skip, limit, direction);
    }
    if (filter.alarms === 'pending' || filter.alarms === 'active') {
      // Attention lists are small and counted index-only on their partial indexes: past the
      // middle, read the page from the other end, so no branch steps over most of the list.
      const total = await countMatching(db, filter);
      if (page.offset >= total) return [];
      const fromEnd = total - page.offset - limit;
      if (fromEnd < page.offset) {
        const reverse = direction === 'desc' ? 'asc' : 'desc';
        const ids = await readPage(
          db,
          filter,
          {},
          Math.max(0, fromEnd),
          limit + Math.min(0, fromEnd),
          reverse,
        );
        return ids.reverse();
      }
    }
  }
  return readPage(db, filter, {}, page.offset, limit, direction);
}

async function countMatching(reader: Reader, filter: OccurrenceFilter): Promise<number> {
  const count = (db: Kysely<OccurrenceDatabase>) =>
    sql<{ n: number | string }>`
      select count(*) as n from occurrences ${whereClause(filterConditions(filter))}`.execute(db);
  // PostgreSQL estimates the partial index's rows from column statistics (an OR of nulls,
  // common among events), 30× too many at 10M rows, and plans a parallel count whose
  // workers take longer to start (15–20 ms) than the count of a few thousand entries.
  const { rows } = reader.sqlite
    ? await count(reader.db)
    : await reader.db.transaction().execute(async (trx) => {
        await sql`set local max_parallel_workers_per_gather = 0`.execute(trx);
        return count(trx);
      });
  return Number(rows[0]?.n ?? 0);
}

interface Reader {
  store: Store;
  db: Kysely<OccurrenceDatabase>;
  /**
   * SQLite merges a compound select ordered as a whole from its arms when each
   * yields that order from its index, and stops at `offset + limit` rows in
   * all; arms cut at `offset + limit` each are materialised and sorted instead
   * (text deep page at 10M rows: 2.0 → 1.4 ms, its first page 0.42 → 0.18 ms).
   * PostgreSQL already merges the cut arms (Merge Append) and stops likewise;
   * the uncut compound it plans as a parallel sort of every arm's rows.
   */
  sqlite: boolean;
}

/** `limit` ids from `offset` of the rows within `bounds`, merged over the filter's branches. */
async function readPage(
  reader: Reader,
  filter: OccurrenceFilter,
  bounds: ConditionOptions,
  offset: number,
  limit: number,
  direction: Direction,
): Promise<number[]> {
  const { db } = reader;
  const order =
    direction === 'desc'
      ? sql`order by hora_ativacao desc, id desc`
      : sql`order by hora_ativacao asc, id asc`;

  const plan = branchPlan(filter);
  const branches = plan.branches.map((branch) => ({ ...branch, ...bounds }));
  if (branches.length === 0) return [];
  if (branches.length === 1) {
    const terms = filterConditions(filter, branches[0]);
    const { rows } = await sql<{ id: number }>`
      select id from occurrences ${whereClause(terms)}
      ${order} limit ${limit} offset ${offset}`.execute(db);
    return rows.map((r) => Number(r.id));
  }
  const union = plan.overlap ? sql` union ` : sql` union all `;
  if (reader.sqlite) {
    const arms = branches.map(
      (branch) =>
        sql`select id, hora_ativacao from occurrences ${whereClause(filterConditions(filter, branch))}`,
    );
    const { rows } = await sql<{ id: number }>`
      ${sql.join(arms, union)} ${order} limit ${limit} offset ${offset}`.execute(db);
    return rows.map((r) => Number(r.id));
  }
  const take = offset + limit;
  const parts: RawBuilder<unknown>[] = branches.map(
    (branch, i) => sql`select * from (
      select id, hora_ativacao from occurrences ${whereClause(filterConditions(filter, branch))}
      ${order} limit ${take}) ${sql.raw(`b${i}`)}`,
  );
  // Prepared: planning a dozen arms cost PostgreSQL 2–5 ms, more than running them.
  const rows = await runPrepared(
    reader.store,
    sql<{ id: number }>`
      select id from (${sql.join(parts, union)}) page
      ${order} limit ${limit} offset ${offset}`.compile(db),
  );
  return rows.map((r) => Number(r.id));
}

/**
 * One branch per device (few devices), per matching name and device of a text
 * filter (few matches; a row may match twice, so the merge removes duplicates),
 * or per system.
 */
function branchPlan(filter: OccurrenceFilter): { branches: ConditionOptions[]; overlap: boolean } {
  if (filter.deviceIds && filter.deviceIds.length <= MAX_BRANCHES) {
    return { branches: filter.deviceIds.map((deviceId) => ({ deviceId })), overlap: false };
  }
  const text = filter.text;
  if (
    text &&
    text.names.length + text.deviceIds.length <= MAX_BRANCHES &&
    filter.deviceIds === null
  ) {
    return {
      branches: [
        ...text.names.map((name) => ({ name })),
        ...text.deviceIds.map((textDeviceId) => ({ textDeviceId })),
      ],
      overlap: text.names.length > 0 && text.deviceIds.length > 0,
    };
  }
  return { branches: filter.systemIds.map((systemId) => ({ systemId })), overlap: false };
}
