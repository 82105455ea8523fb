import { type Store, withSqlite } from './database.js';

export interface StorageBytes {
  /** Rows (PostgreSQL: the partitions' heaps; SQLite: the table, which is its key's b-tree). */
  table: number;
  indexes: number;
  total: number;
}

/**
 * Bytes a reading table holds on disk, with its indexes (benches: bytes per
 * reading). PostgreSQL: every partition of the partitioned `table`. SQLite:
 * `dbstat` of the table and its indexes (`readings` is WITHOUT ROWID, so its
 * rows are its primary key and `indexes` holds only secondary ones).
 */
export async function readingStorageBytes(store: Store, table = 'readings'): Promise<StorageBytes> {
  if (store.raw.dialect === 'postgres') {
    const { rows } = await store.raw.pool.query<{ heap: string; total: string }>(
      `select coalesce(sum(pg_relation_size(c.oid)), 0) as heap,
              coalesce(sum(pg_total_relation_size(c.oid)), 0) as total
       from pg_inherits i join pg_class c on c.oid = i.inhrelid
       join pg_class p on p.oid = i.inhparent where p.relname = $1`,
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
