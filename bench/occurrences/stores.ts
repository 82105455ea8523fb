/**
 * The bench's databases: throwaway (dropped on close) or, with `--keep`, a
 * named SQLite file and PostgreSQL database per row count, kept filled for the
 * next run (a 10-million-row fill takes minutes) and dropped with `--drop`.
 */
import { existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import pg from 'pg';
import { openStore, type Store } from '../../apps/server/src/store/database.js';
import { openTestStore } from '../../apps/server/src/store/testStore.js';
import { POSTGRES_URL } from '../../test-support/services.js';
import type { FillTimes } from './generate.js';
import { raw } from './raw.js';

export type Kind = 'sqlite' | 'postgres';

const KEPT_DIR = '/tmp/vigia-bench-occurrences';

/** What a kept database was filled with: its clock and how long the fill took. */
export interface FillRecord {
  now: number;
  rows: number;
  fill: FillTimes;
}

export interface BenchStore {
  store: Store;
  /** Set when a kept database is already filled with this many rows. */
  filled: FillRecord | null;
  record(fill: FillRecord): void;
}

const keptName = (rows: number) => `vigia_bench_occurrences_${rows}`;
const sqliteFile = (rows: number) => `${KEPT_DIR}/${keptName(rows)}.db`;
const recordFile = (kind: Kind, rows: number) => `${KEPT_DIR}/${kind}-${rows}.json`;

async function admin(text: string): Promise<unknown[]> {
  const client = new pg.Client({ connectionString: POSTGRES_URL });
  await client.connect();
  try {
    return (await client.query(text)).rows;
  } finally {
    await client.end();
  }
}

export async function openBenchStore(kind: Kind, rows: number, keep: boolean): Promise<BenchStore> {
  if (!keep) {
    process.env.VIGIA_TEST_DB = kind;
    return { store: await openTestStore(), filled: null, record: () => {} };
  }
  mkdirSync(KEPT_DIR, { recursive: true });
  const file = recordFile(kind, rows);
  const filled = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as FillRecord) : null;
  // Without a record the fill did not finish: start over.
  if (!filled) await dropKept(kind, rows);
  let store: Store;
  if (kind === 'sqlite') {
    store = await openStore(`sqlite:${sqliteFile(rows)}`);
  } else {
    if (!filled) await admin(`create database ${keptName(rows)}`);
    const url = new URL(POSTGRES_URL);
    url.pathname = `/${keptName(rows)}`;
    store = await openStore(url.toString());
  }
  return { store, filled, record: (fill) => writeFileSync(file, JSON.stringify(fill)) };
}

/** Removes the kept database of `kind` and `rows`. */
export async function dropKept(kind: Kind, rows: number): Promise<void> {
  rmSync(recordFile(kind, rows), { force: true });
  if (kind === 'sqlite') {
    for (const ext of ['', '-wal', '-shm']) rmSync(`${sqliteFile(rows)}${ext}`, { force: true });
  } else {
    await admin(`drop database if exists ${keptName(rows)} with (force)`);
  }
}

/** Bytes on disk: the SQLite file after a checkpoint, or the PostgreSQL database. */
export async function diskBytes(store: Store): Promise<number> {
  if (store.raw.dialect === 'sqlite') {
    store.raw.sqlite.pragma('wal_checkpoint(TRUNCATE)');
    return statSync(store.raw.sqlite.name).size;
  }
  const [row] = await raw<{ n: number }>(store, 'select pg_database_size(current_database()) as n');
  return Number(row?.n ?? 0);
}
