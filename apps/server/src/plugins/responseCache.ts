import type { IncomingHttpHeaders } from 'node:http';
import { Readable } from 'node:stream';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { FastifyReply, FastifyRequest, preParsingHookHandler } from 'fastify';
import { allowedSystemIds } from '../auth/scope.js';
import type { EventBus } from '../events/eventBus.js';
import { isLiveEvent } from '../events/types.js';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Answers smaller than this go out plain, as @fastify/compress would send them. */
const COMPRESS_MIN_BYTES = 1024;

export type Encoding = 'br' | 'gzip' | 'identity';

declare module 'fastify' {
  interface FastifyRequest {
    /** A cached route's body as its part of the cache key: its bytes as sent (latin1). */
    cacheBodyKey: string;
  }
  interface FastifyInstance {
    /** The app's response cache (`ResponseCache`), for the routes' `cachedRoute` hook. */
    responseCache: ResponseCache;
  }
}

/** The cached POST calls carry a list of names; a bigger body is left to the parser. */
const MAX_KEYED_BODY = 16 * 1024;
/** The key of a body too large to key: its answer is computed and never kept. */
const NOT_KEYED = '\u0000';

/**
 * A kept answer is sent from here, inside Fastify's lifecycle: after the
 * bearer check (an `onRequest` hook of the `/api` scope) and every other
 * request hook, before parsing, validation and the handler; the reply hooks
 * (headers, access log) apply to it as to any answer. A GET is keyed on its
 * URL; a small JSON body is read here and keyed on its bytes as sent, then
 * handed to the parser unchanged. On a miss the handler fills the cache
 * (`ResponseCache.answer`) under the same key.
 */
const answerKept: preParsingHookHandler = function (request, reply, payload, done) {
  const send = (bodyKey: string) => {
    request.cacheBodyKey = bodyKey;
    const key = cacheKey(allowedSystemIds(request), request.method, request.url, bodyKey);
    const ready = this.responseCache.ready(key, request.headers);
    if (ready) reply.headers(ready.headerMap).send(ready.body);
    return ready !== undefined;
  };
  const length = Number(request.headers['content-length']);
  if (request.method === 'GET' || !(length > 0)) {
    if (!send('')) done(null, payload);
    return;
  }
  if (length > MAX_KEYED_BODY || request.headers['content-encoding'] !== undefined) {
    request.cacheBodyKey = NOT_KEYED;
    return done(null, payload);
  }
  const chunks: Buffer[] = [];
  payload.on('data', (chunk: Buffer) => chunks.push(chunk));
  payload.once('end', () => {
    const body = chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks);
    if (!send(body.toString('latin1'))) done(null, Readable.from([body], { objectMode: false }));
  });
  payload.once('error', (error) => done(error));
};

/**
 * Options of a route answered through the cache: it compresses each answer
 * once and keeps the bytes, so @fastify/compress is not asked to redo it on
 * every request (nor to look for compressed request bodies, which the console
 * never sends).
 */
export const cachedRoute = {
  compress: false,
  decompress: false,
  config: { responseCache: true },
  preParsing: answerKept,
} as const;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Answered through the response cache (`cachedRoute`). */
    responseCache?: boolean;
  }
}

interface Entry {
  /** The answer's JSON, UTF-8. */
  json: Buffer;
  bytes: number;
  at: number;
  /** The generation of each of the caller's systems when the answer was computed. */
  systems: readonly number[];
  generations: readonly number[];
  encoded: Partial<Record<Exclude<Encoding, 'identity'>, Promise<Buffer>>>;
  /** Each encoding once its bytes are at hand, with the headers of its answer. */
  ready: Partial<Record<Encoding, ReadyAnswer>>;
}

/** An answer the front can write without waiting. */
export interface ReadyAnswer {
  /** The JSON, plain or compressed. */
  body: Buffer;
  headerMap: Record<string, string>;
}

export interface ResponseCacheOptions {
  /** Longest life of an answer nothing invalidated (time-derived fields). Default 5 s. */
  ttlMs?: number;
  /** Memory bound for the stored answers (JSON text). Default 32 MB. */
  maxBytes?: number;
  now?: () => number;
}

export interface ResponseCacheStats {
  hits: number;
  misses: number;
  entries: number;
  bytes: number;
}

/**
 * Serialised answers of the polled device reads, shared by every caller with
 * the same systems. Consoles reload the same lists on the same live event and
 * every 60 s; an answer is computed once, kept compressed, and dropped as soon
 * as a live event (a reading, an occurrence, a command) names one of its
 * systems, or after `ttlMs`, which bounds how late a time-derived field (the
 * communication summary) or a change without an event can show. Concurrent
 * misses on one key share one computation.
 *
 * The key holds the caller's system ids: the routes using it depend on the
 * caller only through them (`allowedSystemIds`), so tenancy is the key.
 */
export class ResponseCache {
  readonly #entries = new Map<string, Entry>();
  readonly #pending = new Map<
    string,
    { filling: Promise<Entry>; generations: readonly number[] }
  >();
  readonly #generation = new Map<number, number>();
  readonly #ttlMs: number;
  readonly #maxBytes: number;
  readonly #now: () => number;
  #bytes = 0;
  #hits = 0;
  #misses = 0;

  constructor(bus: EventBus, options: ResponseCacheOptions = {}) {
    this.#ttlMs = options.ttlMs ?? 5_000;
    this.#maxBytes = options.maxBytes ?? 32 * 1024 * 1024;
    this.#now = options.now ?? Date.now;
    bus.subscribe((event) => {
      if (!isLiveEvent(event)) return;
      this.#generation.set(event.sisId, (this.#generation.get(event.sisId) ?? 0) + 1);
    });
  }

  get stats(): ResponseCacheStats {
    return {
      hits: this.#hits,
      misses: this.#misses,
      entries: this.#entries.size,
      bytes: this.#bytes,
    };
  }

  /**
   * Answers `request` from the cache, or runs `compute` and keeps its answer
   * (a route handler's body: `(request, reply) => cache.answer(request, reply, () => …)`).
   * Errors (4xx included) are never kept.
   */
  async answer(
    request: FastifyRequest,
    reply: FastifyReply,
    compute: () => Promise<unknown>,
  ): Promise<void> {
    if (request.cacheBodyKey === NOT_KEYED) return reply.send(await compute());
    const systems = allowedSystemIds(request);
    const key = cacheKey(systems, request.method, request.url, request.cacheBodyKey);
    const entry = this.#fresh(key) ?? (await this.#fill(key, systems, compute));
    const encoding = encodingFor(entry, request.headers);
    const ready = entry.ready[encoding] ?? (await this.#encode(entry, encoding));
    // Already encoded: @fastify/compress leaves an answer with a content-encoding alone.
    return reply.headers(ready.headerMap).send(ready.body);
  }

  /**
   * The answer kept under `key`, when it is fresh and its bytes for the
   * caller's `accept-encoding` are at hand: what `cachedRoute` sends before
   * validation and the handler.
   */
  ready(key: string, headers: IncomingHttpHeaders): ReadyAnswer | undefined {
    const entry = this.#entries.get(key);
    const ready = entry?.ready[encodingFor(entry, headers)];
    return ready && this.#fresh(key) ? ready : undefined;
  }

  #fresh(key: string): Entry | undefined {
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    const valid =
      this.#now() - entry.at < this.#ttlMs &&
      entry.systems.every((s, i) => (this.#generation.get(s) ?? 0) === entry.generations[i]);
    if (!valid) {
      this.#drop(key, entry);
      return undefined;
    }
    this.#hits++;
    return entry;
  }

  #fill(key: string, systems: readonly number[], compute: () => Promise<unknown>): Promise<Entry> {
    // Generations before the read: an event during it leaves the entry already stale.
    const generations = systems.map((s) => this.#generation.get(s) ?? 0);
    const running = this.#pending.get(key);
    // A computation started before an event the caller may have seen cannot answer it.
    if (running && sameGenerations(running.generations, generations)) {
      this.#hits++;
      return running.filling;
    }
    this.#misses++;
    const at = this.#now();
    const filling: Promise<Entry> = compute()
      .then(async (body) => {
        const json = await toJsonBytes(body);
        const entry: Entry = {
          json,
          bytes: json.length,
          at,
          systems,
          generations,
          encoded: {},
          ready: {},
        };
        this.#store(key, entry);
        return entry;
      })
      .finally(() => {
        if (this.#pending.get(key)?.filling === filling) this.#pending.delete(key);
      });
    this.#pending.set(key, { filling, generations });
    return filling;
  }

  async #encode(entry: Entry, encoding: Encoding): Promise<ReadyAnswer> {
    let ready: ReadyAnswer;
    if (encoding === 'identity') {
      // The JSON itself: no copy of it is kept.
      ready = { body: entry.json, headerMap: answerHeaders(encoding, entry.json.length) };
    } else {
      entry.encoded[encoding] ??= encode(entry.json, encoding);
      const body = await entry.encoded[encoding];
      ready = { body, headerMap: answerHeaders(encoding, body.length) };
    }
    entry.ready[encoding] = ready;
    return ready;
  }

  #store(key: string, entry: Entry): void {
    const old = this.#entries.get(key);
    if (old) this.#drop(key, old);
    // Oldest first: Map keeps insertion order. Answers past their time to live go first:
    // nobody can be answered from them, and a key not asked again would otherwise be held
    // until `maxBytes` pushed it out (up to 32 MB of dead answers).
    const now = this.#now();
    for (const [k, e] of this.#entries) {
      if (now - e.at < this.#ttlMs) break;
      this.#drop(k, e);
    }
    if (entry.bytes > this.#maxBytes / 4) return;
    this.#entries.set(key, entry);
    this.#bytes += entry.bytes;
    for (const [k, e] of this.#entries) {
      if (this.#bytes <= this.#maxBytes) break;
      this.#drop(k, e);
    }
  }

  #drop(key: string, entry: Entry): void {
    if (this.#entries.get(key) !== entry) return;
    this.#entries.delete(key);
    this.#bytes -= entry.bytes;
  }
}

function sameGenerations(a: readonly number[], b: readonly number[]): boolean {
  return a.length === b.length && a.every((g, i) => g === b[i]);
}

/** Array items written per turn of the event loop (a row of a live list is 1–5 kB). */
const JSON_ITEMS_PER_TURN = 200;

/**
 * `JSON.stringify(body)` as UTF-8, each long array in slices with a turn of the event
 * loop between them, at the top or up to two levels down (`{ inicio, fim, geradores }`,
 * a map's places each with its devices): a list of 5,000 generators with every reading
 * is 4 MB of JSON, 50–90 ms written at once, and joining the slices into one string then
 * encoding it held a further 25 ms; each slice is encoded in its own turn and the bytes
 * are only copied together.
 */
export async function toJsonBytes(body: unknown): Promise<Buffer> {
  if (!holdsLongArray(body, NESTING_SLICED)) return Buffer.from(JSON.stringify(body));
  const parts: Buffer[] = [];
  await writeSliced(body, NESTING_SLICED, parts);
  return Buffer.concat(parts);
}

/** How deep below the answer's top a long array is still written in slices. */
const NESTING_SLICED = 2;

const isLongArray = (value: unknown): value is unknown[] =>
  Array.isArray(value) && value.length > JSON_ITEMS_PER_TURN;

/** An object JSON.stringify writes field by field (no `toJSON` of its own). */
const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' &&
  value !== null &&
  Object.getPrototypeOf(value) === Object.prototype &&
  typeof (value as { toJSON?: unknown }).toJSON !== 'function';

function holdsLongArray(value: unknown, depth: number): boolean {
  if (isLongArray(value)) return true;
  if (depth === 0) return false;
  if (Array.isArray(value)) return value.some((item) => holdsLongArray(item, depth - 1));
  if (isPlainObject(value)) {
    return Object.values(value).some((field) => holdsLongArray(field, depth - 1));
  }
  return false;
}

/**
 * Writes `value`, which holds a long array within `depth` levels (`holdsLongArray`), as
 * JSON.stringify would.
 */
async function writeSliced(value: unknown, depth: number, parts: Buffer[]): Promise<void> {
  if (isLongArray(value)) {
    parts.push(Buffer.from('['));
    for (let i = 0; i < value.length; i += JSON_ITEMS_PER_TURN) {
      await new Promise<void>((resolve) => setImmediate(resolve));
      const slice = JSON.stringify(value.slice(i, i + JSON_ITEMS_PER_TURN));
      parts.push(Buffer.from(i === 0 ? slice.slice(1, -1) : `,${slice.slice(1, -1)}`));
    }
    parts.push(Buffer.from(']'));
    return;
  }
  if (Array.isArray(value)) {
    parts.push(Buffer.from('['));
    for (let i = 0; i < value.length; i++) {
      if (i > 0) parts.push(Buffer.from(','));
      const item: unknown = value[i];
      if (holdsLongArray(item, depth - 1)) {
        await writeSliced(item, depth - 1, parts);
        continue;
      }
      // In an array JSON.stringify writes null for what it leaves out of an object.
      parts.push(Buffer.from(JSON.stringify(item) ?? 'null'));
    }
    parts.push(Buffer.from(']'));
    return;
  }
  parts.push(Buffer.from('{'));
  let first = true;
  for (const [key, field] of Object.entries(value as Record<string, unknown>)) {
    const sliced = holdsLongArray(field, depth - 1);
    const text = sliced ? '' : (JSON.stringify(field) as string | undefined);
    if (text === undefined) continue;
    parts.push(Buffer.from(`${first ? '' : ','}${JSON.stringify(key)}:${text}`));
    first = false;
    if (sliced) await writeSliced(field, depth - 1, parts);
  }
  parts.push(Buffer.from('}'));
}

/**
 * The caller's systems (the routes using the cache depend on the caller only
 * through them), the call as sent and its body (`cacheBodyKey`).
 */
export function cacheKey(
  systems: readonly number[],
  method: string,
  url: string,
  bodyKey: string,
): string {
  return `${systems.join(',')}\n${method} ${url}\n${bodyKey}`;
}

function encodingFor(entry: Entry, headers: IncomingHttpHeaders): Encoding {
  return entry.bytes < COMPRESS_MIN_BYTES ? 'identity' : acceptedEncoding(headers);
}

/** The headers of a cached answer (those every answer carries come from the app's hooks). */
function answerHeaders(encoding: Encoding, length: number): Record<string, string> {
  return {
    'content-type': 'application/json; charset=utf-8',
    vary: 'accept-encoding',
    ...(encoding === 'identity' ? {} : { 'content-encoding': encoding }),
    'content-length': String(length),
  };
}

function encode(json: Buffer, encoding: 'br' | 'gzip'): Promise<Buffer> {
  return encoding === 'br'
    ? brotli(json, { params: { [constants.BROTLI_PARAM_QUALITY]: 6 } })
    : gzipAsync(json);
}

const encodingByHeader = new Map<string, Encoding>();

/**
 * br, else gzip, else identity, from `accept-encoding` (a q of 0 refuses).
 * Browsers send a few distinct values: each is read once.
 */
export function acceptedEncoding(headers: IncomingHttpHeaders): Encoding {
  const header = headers['accept-encoding'];
  if (!header) return 'identity';
  let encoding = encodingByHeader.get(header);
  if (encoding === undefined) {
    encoding = readAcceptEncoding(header);
    if (encodingByHeader.size >= 256) encodingByHeader.clear();
    encodingByHeader.set(header, encoding);
  }
  return encoding;
}

function readAcceptEncoding(header: string): Encoding {
  const accepted = new Set<string>();
  for (const part of header.split(',')) {
    const [token = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (q && Number(q.slice(2)) === 0) continue;
    accepted.add(token.trim());
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip') || accepted.has('*')) return 'gzip';
  return 'identity';
}
