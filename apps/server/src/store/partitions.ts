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
