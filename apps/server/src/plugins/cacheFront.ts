import {
  createServer,
  type IncomingMessage,
  type ServerOptions,
  type ServerResponse,
} from 'node:http';
import type { FastifyBaseLogger, FastifyServerFactory } from 'fastify';
import type { Authenticator } from '../auth/authenticator.js';
import { tokenOfHeader } from './bearerAuth.js';
import { bodyKeyOf, cacheKey, keepBodyReadAhead, type ResponseCache } from './responseCache.js';

/** The cached POST calls carry a list of names; a bigger body goes to the router unread. */
const MAX_BODY_READ_AHEAD = 16 * 1024;

type Next = () => void;

export interface CacheFront {
  /** Answers `req` from the response cache, or hands it on to `next` (the router). */
  handle(req: IncomingMessage, res: ServerResponse, next: Next): void;
  /** A cached POST route (static path): the front reads its JSON body to find its key. */
  addPostPath(path: string): void;
  /** Requests answered by the front since start. */
  readonly served: number;
}

/**
 * The response cache's hit path, before the router. A console polls the same
 * reads every few seconds; once an answer is kept, the front sends its bytes
 * as soon as the token is known (`authenticateCached`: checked within the
 * last seconds, not expired, user not blocked) and the caller's systems give
 * its key, without routing, hooks or validation: the kept answer was computed
 * for that same call and the same systems by the route, behind all of them.
 * Anything else (no token, a token not seen lately, a miss, an answer not yet
 * encoded, any other method or body) goes to the router unchanged, where the
 * bearer check, validation and the route answer as always.
 */
export function createCacheFront(deps: {
  authenticator: Authenticator;
  cache: ResponseCache;
  log: FastifyBaseLogger;
}): CacheFront {
  const { authenticator, cache, log } = deps;
  const postPaths = new Set<string>();
  let served = 0;

  const serve = (key: string, req: IncomingMessage, res: ServerResponse, start: number) => {
    const ready = cache.ready(key, req.headers);
    if (!ready) return false;
    res.writeHead(200, ready.headers);
    res.end(ready.text, ready.textEncoding);
    served++;
    if (logsRequests(log)) {
      // The shape of Fastify's own line (its serializers read `req` and `res`).
      log.info(
        {
          req: { method: req.method, url: req.url, ip: req.socket.remoteAddress },
          res: { statusCode: 200 },
          responseTime: performance.now() - start,
          cache: 'front',
        },
        'request completed',
      );
    }
    return true;
  };

  return {
    get served() {
      return served;
    },
    addPostPath(path) {
      postPaths.add(path);
    },
    handle(req, res, next) {
      const start = performance.now();
      const { method, url = '', headers } = req;
      if (!headers.authorization || (method !== 'GET' && method !== 'POST')) return next();
      const token = tokenOfHeader(headers.authorization);
      const user = token === undefined ? undefined : authenticator.authenticateCached(token);
      if (!user) return next();
      if (method === 'GET') {
        if (!serve(cacheKey(user.systemIds, method, url, ''), req, res, start)) next();
        return;
      }
      if (!readsAhead(req, postPaths)) return next();
      readBody(req, (body) => {
        keepBodyReadAhead(req, body);
        // No parse: a body that is not valid JSON has no kept answer.
        if (!serve(cacheKey(user.systemIds, method, url, bodyKeyOf(body)), req, res, start)) next();
      });
    },
  };
}

/** Whether `log` writes info lines (Fastify's logger when disabled has no levels). */
function logsRequests(log: FastifyBaseLogger): boolean {
  return (log as { isLevelEnabled?: (level: string) => boolean }).isLevelEnabled?.('info') ?? false;
}

function readsAhead(req: IncomingMessage, postPaths: ReadonlySet<string>): boolean {
  const { url = '', headers } = req;
  const query = url.indexOf('?');
  const length = Number(headers['content-length']);
  return (
    postPaths.has(query < 0 ? url : url.slice(0, query)) &&
    length > 0 &&
    length <= MAX_BODY_READ_AHEAD &&
    headers['content-encoding'] === undefined &&
    headers['content-type']?.toLowerCase().startsWith('application/json') === true
  );
}

/** The whole body (the parser holds it to `content-length`); nothing on an aborted request. */
function readBody(req: IncomingMessage, then: (body: Buffer) => void): void {
  const chunks: Buffer[] = [];
  req.on('data', (chunk: Buffer) => chunks.push(chunk));
  req.once('end', () => {
    req.removeAllListeners('data');
    then(chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks));
  });
}

/**
 * Fastify's `serverFactory`: the HTTP server Fastify itself would create
 * (same timeouts), with the front before the router once it exists.
 */
export function serverWithFront(front: () => CacheFront | undefined): FastifyServerFactory {
  return (handler, fastifyOptions) => {
    const options = fastifyOptions as {
      http?: ServerOptions;
      keepAliveTimeout: number;
      requestTimeout: number;
      connectionTimeout: number;
      maxRequestsPerSocket: number;
    };
    const server = createServer(options.http ?? {}, (req, res) => {
      const current = front();
      if (current) current.handle(req, res, () => handler(req, res));
      else handler(req, res);
    });
    server.keepAliveTimeout = options.keepAliveTimeout;
    server.requestTimeout = options.requestTimeout;
    server.setTimeout(options.connectionTimeout);
    if (options.maxRequestsPerSocket > 0)
      server.maxRequestsPerSocket = options.maxRequestsPerSocket;
    return server;
  };
}
