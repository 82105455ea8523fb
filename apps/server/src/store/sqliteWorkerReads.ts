import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import {
  type CompiledQuery,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  Kysely,
  type QueryResult,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
} from 'kysely';
import type { Database } from './schema.js';

/**
 * The worker: a read-only connection to the file, one statement at a time,
 * statements kept by their text. Plain CommonJS run with `eval`, so it needs no
 * TypeScript loader under the tests nor a file of its own in `dist/`.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.path, { readonly: true, fileMustExist: true });
db.pragma('busy_timeout = 5000');
db.pragma('cache_size = -' + workerData.cacheKib);
db.pragma('temp_store = MEMORY');
const statements = new Map();
parentPort.on('message', ({ id, sql, parameters }) => {
  try {
    let statement = statements.get(sql);
    if (!statement) {
      if (statements.size >= 500) statements.clear();
      statement = db.prepare(sql);
      statements.set(sql, statement);
    }
    if (!statement.reader) throw Object.assign(new Error('somente leitura'), { code: 'SQLITE_READONLY' });
    parentPort.postMessage({ id, rows: statement.all(parameters) });
  } catch (error) {
    parentPort.postMessage({ id, error: { message: String(error.message), code: error.code } });
  }
});
`;

/** A statement that ran past its bound: the worker was stopped (answered 503). */
export class StatementTimeout extends Error {
  readonly code = 'SQLITE_INTERRUPT';
  constructor(ms: number) {
    super(`consulta interrompida após ${ms} ms`);
    this.name = 'StatementTimeout';
  }
}

export interface WorkerReadsOptions {
  path: string;
  /** The reader's page cache, KiB. */
  cacheKib: number;
  /** Longest a statement may run (from when the worker takes it); past it the worker is stopped. */
  statementTimeoutMs: number;
}

interface Waiting {
  sql: string;
  parameters: readonly unknown[];
  resolve: (rows: Record<string, unknown>[]) => void;
  reject: (error: Error) => void;
}

/**
 * One worker thread holding a read-only SQLite connection. Statements go to it one at a
 * time, in order; a statement past `statementTimeoutMs` stops the worker (SQLite cannot
 * be interrupted from another thread through better-sqlite3) and the next one starts a
 * new worker. Rows come back by structured clone: the event loop pays only for reading
 * the answer, never for the query's own work.
 */
class ReadWorker {
  readonly #options: WorkerReadsOptions;
  readonly #driver = createRequire(import.meta.url).resolve('better-sqlite3');
  readonly #queue: Waiting[] = [];
  #worker: Worker | undefined;
  #running: (Waiting & { timer: NodeJS.Timeout }) | undefined;
  #closed = false;

  constructor(options: WorkerReadsOptions) {
    this.#options = options;
  }

  run(sql: string, parameters: readonly unknown[]): Promise<Record<string, unknown>[]> {
    if (this.#closed) return Promise.reject(new Error('conexão de leitura fechada'));
    return new Promise((resolve, reject) => {
      this.#queue.push({ sql, parameters, resolve, reject });
      this.#next();
    });
  }

  async close(): Promise<void> {
    this.#closed = true;
    for (const waiting of this.#queue.splice(0)) {
      waiting.reject(new Error('conexão de leitura fechada'));
    }
    await this.#stop(new Error('conexão de leitura fechada'));
  }

  #next(): void {
    if (this.#running || this.#closed) return;
    const waiting = this.#queue.shift();
    if (!waiting) return;
    const worker = this.#started();
    const timer = setTimeout(() => {
      void this.#stop(new StatementTimeout(this.#options.statementTimeoutMs)).then(() =>
        this.#next(),
      );
    }, this.#options.statementTimeoutMs);
    this.#running = { ...waiting, timer };
    worker.postMessage({ id: 0, sql: waiting.sql, parameters: waiting.parameters });
  }

  #started(): Worker {
    if (this.#worker) return this.#worker;
    const worker = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: {
        driver: this.#driver,
        path: this.#options.path,
        cacheKib: this.#options.cacheKib,
      },
    });
    worker.unref();
    worker.on(
      'message',
      (message: {
        rows?: Record<string, unknown>[];
        error?: { message: string; code?: string };
      }) => {
        const running = this.#running;
        if (!running) return;
        clearTimeout(running.timer);
        this.#running = undefined;
        if (message.error) {
          running.reject(
            Object.assign(new Error(message.error.message), { code: message.error.code }),
          );
        } else running.resolve(message.rows ?? []);
        this.#next();
      },
    );
    const failed = (error: Error) => {
      if (this.#worker !== worker) return;
      this.#worker = undefined;
      this.#fail(error);
      this.#next();
    };
    worker.on('error', failed);
    worker.on('exit', (code) => failed(new Error(`leitor SQLite saiu (${code})`)));
    this.#worker = worker;
    return worker;
  }

  #fail(error: Error): void {
    const running = this.#running;
    if (!running) return;
    clearTimeout(running.timer);
    this.#running = undefined;
    running.reject(error);
  }

  async #stop(error: Error): Promise<void> {
    const worker = this.#worker;
    this.#worker = undefined;
    this.#fail(error);
    if (worker) await worker.terminate();
  }
}

class WorkerConnection implements DatabaseConnection {
  constructor(readonly reader: ReadWorker) {}

  async executeQuery<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    const rows = await this.reader.run(compiledQuery.sql, compiledQuery.parameters);
    return { rows: rows as R[] };
  }

  // biome-ignore lint/correctness/useYield: a read-only connection does not stream.
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('leitura em fluxo não suportada');
  }
}

class WorkerDriver implements Driver {
  readonly #connection: WorkerConnection;

  constructor(options: WorkerReadsOptions) {
    this.#connection = new WorkerConnection(new ReadWorker(options));
  }

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    // Shared: the worker takes statements one at a time, and nothing here opens a transaction.
    return this.#connection;
  }

  async beginTransaction(): Promise<void> {
    throw new Error('a conexão de leitura não abre transações');
  }

  async commitTransaction(): Promise<void> {}

  async rollbackTransaction(): Promise<void> {}

  async releaseConnection(): Promise<void> {}

  async destroy(): Promise<void> {
    await this.#connection.reader.close();
  }
}

/** Kysely on a read-only SQLite connection in a worker thread (`Store.offLoopReads`). */
export function sqliteWorkerReads(options: WorkerReadsOptions): Kysely<Database> {
  const dialect: Dialect = {
    createAdapter: () => new SqliteAdapter(),
    createDriver: () => new WorkerDriver(options),
    createIntrospector: (db) => new SqliteIntrospector(db),
    createQueryCompiler: () => new SqliteQueryCompiler(),
  };
  return new Kysely<Database>({ dialect });
}
