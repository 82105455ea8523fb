import type { IncomingHttpHeaders } from 'node:http';
import { Readable } from 'node:stream';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type {
  FastifyReply,
  FastifyRequest,
  preParsingHookHandler,
  preValidationHookHandler,
} from 'fastify';
import { allowedSystemIds } from '../auth/scope.js';
import type { EventBus } from '../events/eventBus.js';
import { SECURITY_HEADERS } from './securityHeaders.js';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Answers smaller than this go out plain, as @fastify/compress would send them. */
const COMPRESS_MIN_BYTES = 1024;

export type Encoding = 'br' | 'gzip' | 'identity';

declare module 'fastify' {
  interface FastifyRequest {
    /** A cached route's body as its part of the cache key (`bodyKeyOf`). */
    cacheBodyKey: string;
  }
}

/** A request body the front read ahead (`cacheFront.ts`), kept on the request for the router. */
const bodyReadAhead = Symbol('vigia.bodyReadAhead');
type WithBodyReadAhead = FastifyRequest['raw'] & { [bodyReadAhead]?: Buffer };

export function keepBodyReadAhead(request: FastifyRequest['raw'], body: Buffer): void {
  (request as WithBodyReadAhead)[bodyReadAhead] = body;
}

/** The body the front read ahead stands in for the request stream it consumed. */
const replayBodyReadAhead: preParsingHookHandler = (request, _reply, payload, done) => {
  const body = (request.raw as WithBodyReadAhead)[bodyReadAhead];
  done(null, body === undefined ? payload : Readable.from([body], { objectMode: false }));
};

/**
 * A body's part of the cache key: the bytes as sent when the front read them
 * ahead (latin1: one character a byte, no decoding), else the body as parsed,
 * before validation. The two never mean different calls: a text that equals a
 * written-back body parses to that body.
 */
export function bodyKeyOf(body: Buffer): string {
  return body.toString('latin1');
}

const keepBodyKey: preValidationHookHandler = (request, _reply, done) => {
  const readAhead = (request.raw as WithBodyReadAhead)[bodyReadAhead];
  request.cacheBodyKey =
    readAhead !== undefined
      ? bodyKeyOf(readAhead)
      : request.body === undefined
        ? ''
        : JSON.stringify(request.body);
  done();
};

/**
 * Options of a route answered through the cache: it compresses each answer
 * once and keeps the bytes, so @fastify/compress is not asked to redo it on
 * every request (nor to look for compressed request bodies, which the console
 * never sends). The hooks give the body its key before validation changes it
 * (the front keys on the body as sent) and feed the router a body the front
 * already read.
 */
export const cachedRoute = {
  compress: false,
  decompress: false,
  config: { responseCache: true },
  preParsing: replayBodyReadAhead,
  preValidation: keepBodyKey,
} as const;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Answered through the response cache (`cachedRoute`). */
    responseCache?: boolean;
  }
}

interface Entry {
  json: string;
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
  /** For the router: the JSON text, or the compressed bytes. */
  body: string | Buffer;
  /**
   * For the front, always a string (the JSON, or the compressed bytes as
   * latin1): Node writes a string body in one call with the headers, a Buffer
   * in a second one.
   */
  text: string;
  textEncoding: 'utf8' | 'latin1';
  headerMap: Record<string, string>;
  /** The same, flat (`[name, value, …]`) for `writeHead`. */
  headers: string[];
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
  readonly #pending = new Map<string, Promise<Entry>>();
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
    const systems = allowedSystemIds(request);
    const key = cacheKey(systems, request.method, request.url, request.cacheBodyKey ?? '');
    const entry = this.#fresh(key) ?? (await this.#fill(key, systems, compute));
    const encoding = encodingFor(entry, request.headers);
    const ready = entry.ready[encoding] ?? (await this.#encode(entry, encoding));
    // Already encoded: @fastify/compress leaves an answer with a content-encoding alone.
    return reply.headers(ready.headerMap).send(ready.body);
  }

  /**
   * The answer kept under `key`, when it is fresh and its bytes for the
   * caller's `accept-encoding` are at hand: what the front serves without the
   * router (`cacheFront.ts`).
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
    const running = this.#pending.get(key);
    if (running) {
      this.#hits++;
      return running;
    }
    this.#misses++;
    // Generations before the read: an event during it leaves the entry already stale.
    const generations = systems.map((s) => this.#generation.get(s) ?? 0);
    const at = this.#now();
    const filling = compute()
      .then((body) => {
        const json = JSON.stringify(body);
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
      .finally(() => this.#pending.delete(key));
    this.#pending.set(key, filling);
    return filling;
  }

  async #encode(entry: Entry, encoding: Encoding): Promise<ReadyAnswer> {
    let ready: ReadyAnswer;
    if (encoding === 'identity') {
      // The JSON text itself: no copy of it is kept.
      const headerMap = answerHeaders(encoding, Buffer.byteLength(entry.json));
      ready = { body: entry.json, text: entry.json, textEncoding: 'utf8', ...withFlat(headerMap) };
    } else {
      entry.encoded[encoding] ??= encode(entry.json, encoding);
      const body = await entry.encoded[encoding];
      const headerMap = answerHeaders(encoding, body.length);
      ready = {
        body,
        text: body.toString('latin1'),
        textEncoding: 'latin1',
        ...withFlat(headerMap),
      };
    }
    entry.ready[encoding] = ready;
    return ready;
  }

  #store(key: string, entry: Entry): void {
    const old = this.#entries.get(key);
    if (old) this.#drop(key, old);
    if (entry.bytes > this.#maxBytes / 4) return;
    this.#entries.set(key, entry);
    this.#bytes += entry.bytes;
    // Oldest first: Map keeps insertion order.
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

/**
 * One key for the route and the front: the caller's systems (the routes using
 * the cache depend on the caller only through them), the call as sent and its
 * body (`bodyKeyOf`).
 */
export function cacheKey(
  systems: readonly number[],
  method: string,
  url: string,
  bodyKey: string,
): string {
  return `${systems.join(',')}\n${method} ${url}\n${bodyKey}`;
}

function withFlat(headerMap: Record<string, string>) {
  return { headerMap, headers: Object.entries(headerMap).flat() };
}

function encodingFor(entry: Entry, headers: IncomingHttpHeaders): Encoding {
  return entry.bytes < COMPRESS_MIN_BYTES ? 'identity' : acceptedEncoding(headers);
}

/** The headers of a cached answer, with those every answer carries (`securityHeaders.ts`). */
function answerHeaders(encoding: Encoding, length: number): Record<string, string> {
  return {
    ...SECURITY_HEADERS,
    'content-type': 'application/json; charset=utf-8',
    vary: 'accept-encoding',
    ...(encoding === 'identity' ? {} : { 'content-encoding': encoding }),
    'content-length': String(length),
  };
}

function encode(json: string, encoding: 'br' | 'gzip'): Promise<Buffer> {
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
