import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type { Database as SqliteDatabase } from 'better-sqlite3';

/*
 * In WAL mode the connection that commits also writes the log back into the
 * database file once it passes `wal_autocheckpoint` pages, and syncs the file:
 * on the server's writing connection, in the event loop. At 20,000 devices
 * that stalled the loop for 100–1,400 ms every few seconds (bench/fleet's
 * event-loop lag, worst p99 637–711 ms; a CPU profile showed the gaps inside
 * the ingest's transactions). A worker thread with a connection of its own
 * checkpoints instead, PASSIVE (never waiting for the writer or a reader), and
 * the writer keeps its own checkpoint only as a backstop.
 */

/** How often the worker writes the log back. */
export const CHECKPOINT_EVERY_MS = 1_000;
/** The writer checkpoints itself only past this many log pages (8 KiB: 256 MB). */
export const WRITER_BACKSTOP_PAGES = 32_768;
/** SQLite's default, given back to the writer if the worker stops. */
const DEFAULT_AUTOCHECKPOINT_PAGES = 1_000;
/** The log file is cut back to this after a checkpoint lets it restart. */
const JOURNAL_SIZE_LIMIT_BYTES = 64 * 1024 * 1024;
/** A store closed sooner (most tests) never starts the thread. */
const START_AFTER_MS = 5_000;

// A failing checkpoint is told once (the next ones would repeat it every second).
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.path, { fileMustExist: true });
db.pragma('synchronous = NORMAL');
let told = false;
setInterval(() => {
  try { db.pragma('wal_checkpoint(PASSIVE)'); } catch (error) {
    if (!told) parentPort.postMessage(String(error && error.message || error));
    told = true;
  }
}, workerData.everyMs);
`;

/** A driver's error crosses the thread as a plain object (`{ code: 'SQLITE_CANTOPEN' }`). */
function asError(value: unknown): Error {
  if (value instanceof Error && value.message) return value;
  const code = typeof value === 'object' && value !== null && 'code' in value ? value.code : value;
  return new Error(`a thread de checkpoint parou: ${String(code)}`);
}

/**
 * Checkpoints `path` from a worker thread, starting a few seconds after the
 * store opens. The returned function stops it. `onError` hears of a worker
 * that could not start or died, and of the first checkpoint that failed.
 */
export function checkpointOffLoop(
  path: string,
  writer: SqliteDatabase,
  {
    startAfterMs = START_AFTER_MS,
    onError = () => {},
  }: { startAfterMs?: number; onError?: (error: Error) => void } = {},
): () => Promise<void> {
  let worker: Worker | undefined;
  let stopped = false;
  const start = () => {
    worker = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: {
        driver: createRequire(import.meta.url).resolve('better-sqlite3'),
        path,
        everyMs: CHECKPOINT_EVERY_MS,
      },
    });
    worker.unref();
    worker.on('message', (message) => onError(new Error(String(message))));
    // Without the worker the writer checkpoints as SQLite does by default.
    worker.on('error', (error) => onError(asError(error)));
    worker.on('exit', () => {
      if (!stopped && writer.open) {
        writer.pragma(`wal_autocheckpoint = ${DEFAULT_AUTOCHECKPOINT_PAGES}`);
      }
    });
    writer.pragma(`wal_autocheckpoint = ${WRITER_BACKSTOP_PAGES}`);
    writer.pragma(`journal_size_limit = ${JOURNAL_SIZE_LIMIT_BYTES}`);
  };
  const timer = setTimeout(start, startAfterMs);
  timer.unref();
  return async () => {
    stopped = true;
    clearTimeout(timer);
    await worker?.terminate();
  };
}
