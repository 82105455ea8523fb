import { type Store, withSqlite } from './database.js';

export interface StorageBytes {
  /** Rows (PostgreSQL: the partitions' heaps; SQLite: the table, which is its key's b-tree). */
  table: number;
  indexes: number;
  total: number;
}

/**
 * Bytes a reading table holds on disk, with its indexes (benches: bytes per
 * reading). PostgreSQL: every partition of the partitioned `table`, or the
 * plain table (its TOAST counted with the indexes). SQLite:
 * `dbstat` of the table and its indexes (`readings` is WITHOUT ROWID, so its
 * rows are its primary key and `indexes` holds only secondary ones).
 */
export async function readingStorageBytes(store: Store, table = 'readings'): Promise<StorageBytes> {
  if (store.raw.dialect === 'postgres') {
    const { rows } = await store.raw.pool.query<{ heap: string; total: string }>(
      `select coalesce(sum(pg_relation_size(c.oid)), 0) as heap,
              coalesce(sum(pg_total_relation_size(c.oid)), 0) as total
       from pg_class c
       where c.oid in (select i.inhrelid from pg_inherits i
                       join pg_class p on p.oid = i.inhparent where p.relname = $1)
          or (c.relname = $1 and c.relkind = 'r')`,
      [table],
    );
    const heap = Number(rows[0]?.heap ?? 0);
    const total = Number(rows[0]?.total ?? 0);
    return { table: heap, indexes: total - heap, total };
  }
  return withSqlite(store, (db) => {
    const sizes = db
      .prepare(
        `select coalesce(sum(case when name = ? then pgsize end), 0) as t,
                coalesce(sum(pgsize), 0) as total
         from dbstat where name = ? or name in (select name from sqlite_master where tbl_name = ?)`,
      )
      .get(table, table, table) as { t: number; total: number };
    return { table: sizes.t, indexes: sizes.total - sizes.t, total: sizes.total };
  });
}

/** What the whole history (rows and packed hours) holds, and in how many readings. */
export interface HistoryStorage {
  bytes: number;
  readings: number;
  rows: StorageBytes;
  packs: StorageBytes;
  packedReadings: number;
}

/** Bytes and readings of `readings` and `reading_packs` together (benches: bytes per reading). */
export async function historyStorage(store: Store): Promise<HistoryStorage> {
  const [rows, packs, counted, packed] = await Promise.all([
    readingStorageBytes(store, 'readings'),
    readingStorageBytes(store, 'reading_packs'),
    store.db
      .selectFrom('readings')
      .select(({ fn }) => fn.countAll<number | string>().as('n'))
      .executeTakeFirstOrThrow(),
    store.db
      .selectFrom('reading_packs')
      .select(({ fn }) => fn.sum<number | string | null>('n').as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  const packedReadings = Number(packed.n ?? 0);
  return {
    bytes: rows.total + packs.total,
    readings: Number(counted.n) + packedReadings,
    rows,
    packs,
    packedReadings,
  };
}
