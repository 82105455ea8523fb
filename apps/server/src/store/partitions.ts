import { sql } from 'kysely';
import type { Store } from './database.js';

export const PARTITION_MONTHS_AHEAD = 3;

// UTC month index of each partition already known to exist, per store.
const known = new WeakMap<Store, Set<number>>();

const monthIndex = (ts: number) => {
  const d = new Date(ts * 1000);
  return d.getUTCFullYear() * 12 + d.getUTCMonth();
};

/**
 * Makes sure the monthly `readings` partitions covering [fromTs, toTs] exist
 * (PostgreSQL only; SQLite has one table). Cheap when they already do: the
 * months seen are remembered per store.
 */
export async function ensureReadingPartitions(
  store: Store,
  fromTs: number,
  toTs: number,
): Promise<void> {
  if (store.dialect !== 'postgres') return;
  let months = known.get(store);
  if (!months) {
    months = new Set();
    known.set(store, months);
  }
  const first = monthIndex(fromTs);
  const last = monthIndex(toTs);
  let missing = false;
  for (let m = first; m <= last; m++) if (!months.has(m)) missing = true;
  if (!missing) return;
  await sql`select vigia_ensure_reading_partitions(${fromTs}::bigint, ${toTs}::bigint)`.execute(
    store.db,
  );
  for (let m = first; m <= last; m++) months.add(m);
}

/** Names of the existing reading partitions (PostgreSQL), oldest first. */
export async function readingPartitions(store: Store): Promise<string[]> {
  if (store.dialect !== 'postgres') return [];
  const { rows } = await sql<{ name: string }>`
    select c.relname as name from pg_inherits i
    join pg_class c on c.oid = i.inhrelid
    join pg_class p on p.oid = i.inhparent
    where p.relname = 'readings' order by c.relname`.execute(store.db);
  return rows.map((r) => r.name);
}

const PARTITION_NAME = /^readings_(\d{4})(\d{2})$/;

/** Epoch seconds at which a `readings_YYYYMM` partition ends (its next month, UTC). */
export function partitionEnd(name: string): number | null {
  const m = PARTITION_NAME.exec(name);
  if (!m) return null;
  return Date.UTC(Number(m[1]), Number(m[2]), 1) / 1000;
}

/**
 * Drops the reading partitions that hold only readings older than `cutoffTs`
 * (PostgreSQL): a whole month goes at once, with no row deleted one by one.
 * Under the same lock as their creation, so a writer never races the drop.
 */
export async function dropReadingPartitionsBefore(
  store: Store,
  cutoffTs: number,
): Promise<string[]> {
  if (store.dialect !== 'postgres') return [];
  const expired = (await readingPartitions(store)).filter((name) => {
    const end = partitionEnd(name);
    return end !== null && end <= cutoffTs;
  });
  for (const name of expired) {
    await store.db.transaction().execute(async (trx) => {
      await sql`select pg_advisory_xact_lock(hashtext('vigia_reading_partitions'))`.execute(trx);
      await sql`drop table if exists ${sql.id(name)}`.execute(trx);
      await sql`delete from reading_partitions_compacted where name = ${name}`.execute(trx);
    });
    const end = partitionEnd(name);
    if (end !== null) known.get(store)?.delete(monthIndex(end - 1));
  }
  return expired;
}

/** A month is compacted once this long past its end (late readings have stopped arriving). */
export const COMPACT_AFTER_S = 86_400;

/**
 * Rebuilds the primary-key index of each closed month not yet rebuilt
 * (PostgreSQL). While a month fills, every tag's key range grows at its own
 * end, so the index pages split half full; rebuilt once the month is over,
 * they are packed (about 41 → 32 bytes a reading, bench/storage).
 * `reindex … concurrently` keeps the month readable and writable meanwhile.
 */
export async function compactClosedReadingPartitions(
  store: Store,
  nowSec: number,
  signal?: AbortSignal,
): Promise<string[]> {
  if (store.dialect !== 'postgres') return [];
  const { rows } = await sql<{ name: string }>`
    select name from reading_partitions_compacted`.execute(store.db);
  const done = new Set(rows.map((r) => r.name));
  const closed = (await readingPartitions(store)).filter((name) => {
    const end = partitionEnd(name);
    return end !== null && end + COMPACT_AFTER_S <= nowSec && !done.has(name);
  });
  const compacted: string[] = [];
  for (const name of closed) {
    if (signal?.aborted) break;
    // Outside a transaction: `reindex concurrently` cannot run inside one.
    await sql`reindex table concurrently ${sql.id(name)}`.execute(store.db);
    await sql`insert into reading_partitions_compacted (name, compacted_at)
      values (${name}, ${nowSec}) on conflict (name) do nothing`.execute(store.db);
    compacted.push(name);
  }
  return compacted;
}
