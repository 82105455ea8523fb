import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { allowedSystemIds } from '../auth/scope.js';
import type { EventBus } from '../events/eventBus.js';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Answers smaller than this go out plain, as @fastify/compress would send them. */
const COMPRESS_MIN_BYTES = 1024;

type Encoding = 'br' | 'gzip' | 'identity';

/**
 * Options of a route answered through the cache: it compresses each answer
 * once and keeps the bytes, so @fastify/compress is not asked to redo it on
 * every request (nor to look for compressed request bodies, which the console
 * never sends).
 */
export const cachedRoute = { compress: false, decompress: false } as const;

interface Entry {
  json: string;
  bytes: number;
  at: number;
  /** The generation of each of the caller's systems when the answer was computed. */
  systems: readonly number[];
  generations: readonly number[];
  encoded: Partial<Record<Exclude<Encoding, 'identity'>, Promise<Buffer>>>;
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
    const key = cacheKey(request, systems);
    const entry = this.#fresh(key) ?? (await this.#fill(key, systems, compute));
    await send(request, reply, entry);
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
        const entry: Entry = { json, bytes: json.length, at, systems, generations, encoded: {} };
        this.#store(key, entry);
        return entry;
      })
      .finally(() => this.#pending.delete(key));
    this.#pending.set(key, filling);
    return filling;
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

function cacheKey(request: FastifyRequest, systems: readonly number[]): string {
  const body = request.body === undefined ? '' : JSON.stringify(request.body);
  return `${systems.join(',')}\n${request.method} ${request.url}\n${body}`;
}

async function send(request: FastifyRequest, reply: FastifyReply, entry: Entry) {
  reply.type('application/json; charset=utf-8').header('vary', 'accept-encoding');
  const encoding =
    entry.bytes < COMPRESS_MIN_BYTES ? 'identity' : acceptedEncoding(request.headers);
  if (encoding === 'identity') return reply.send(entry.json);
  entry.encoded[encoding] ??= encode(entry.json, encoding);
  const body = await entry.encoded[encoding];
  // Already encoded: @fastify/compress leaves an answer with a content-encoding alone.
  return reply.header('content-encoding', encoding).send(body);
}

function encode(json: string, encoding: 'br' | 'gzip'): Promise<Buffer> {
  return encoding === 'br'
    ? brotli(json, { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } })
    : gzipAsync(json);
}

/** br, else gzip, else identity, from `accept-encoding` (a q of 0 refuses). */
export function acceptedEncoding(headers: FastifyRequest['headers']): Encoding {
  const header = headers['accept-encoding'];
  if (!header) return 'identity';
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
