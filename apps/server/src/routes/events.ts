import { EVENTS_HEARTBEAT_MS, EVENTS_RETRY_MS } from '@vigia/contract';
import { API } from '@vigia/contract/api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../auth/scope.js';
import { findUserById } from '../auth/userContext.js';
import { isLiveEvent, type VigiaEvent } from '../events/types.js';
import { fromContract } from './contractRoute.js';
import type { AppServices } from './services.js';

/** A client this far behind (bytes not yet taken by the socket) is dropped. */
const MAX_BACKLOG_BYTES = 1 << 20;

/** Least time between two reads of a stream's systems prompted by another system's event. */
const SYSTEMS_RECHECK_MS = 5_000;

export interface EventRouteOptions extends AppServices {
  heartbeatMs?: number;
}

/** Each event is serialised once, however many streams carry it. */
const serialised = new WeakMap<VigiaEvent, string>();
function dataOf(event: VigiaEvent): string {
  let data = serialised.get(event);
  if (data === undefined) {
    data = JSON.stringify(event);
    serialised.set(event, data);
  }
  return data;
}

/**
 * `GET /api/eventos`: the caller's live events as server-sent events. The
 * stream ends when the access token expires (the browser reconnects with a
 * fresh one) and when the server shuts down.
 */
export const eventRoutes: FastifyPluginAsyncZod<EventRouteOptions> = async (app, options) => {
  const { bus, store } = options;
  const heartbeatMs = options.heartbeatMs ?? EVENTS_HEARTBEAT_MS;
  const open = new Set<() => void>();

  app.addHook('preClose', async () => {
    for (const close of [...open]) close();
  });

  app.route({
    ...fromContract(app, API.events.stream),
    config: { allowQueryToken: true },
    handler: (request, reply) => {
      const user = currentUser(request);
      let systems = new Set(user.systemIds);
      const socket = reply.raw;
      reply.hijack();
      // A hijacked reply sends none of its headers: the security headers set when the
      // request arrived go on the raw answer.
      for (const [name, value] of Object.entries(reply.getHeaders())) {
        if (value !== undefined) socket.setHeader(name, value);
      }
      socket.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
      });
      socket.write(`retry: ${EVENTS_RETRY_MS}\n: conectado\n\n`);

      let sequence = 0;
      let closed = false;
      const write = (chunk: string) => {
        if (closed) return;
        if (socket.writableLength > MAX_BACKLOG_BYTES) {
          request.log.warn({ userId: user.id }, 'eventos: cliente lento desconectado');
          close();
          // `end` would keep the unsent bytes until the client reads them, maybe never.
          socket.destroy();
          return;
        }
        socket.write(chunk);
      };
      const send = (event: VigiaEvent) => {
        sequence += 1;
        write(`id: ${sequence}\ndata: ${dataOf(event)}\n\n`);
      };
      // The systems are read again while the stream is open: a system created by
      // this user, or granted to them, after the stream opened (issue 28) is
      // streamed within seconds, and one taken away stops being streamed.
      let recheck: Promise<void> | null = null;
      let checkedAt = Date.now();
      const refreshSystems = () => {
        recheck ??= findUserById(store.db, user.id)
          .then((fresh) => {
            systems = new Set(fresh?.systemIds ?? []);
          })
          .catch((error: unknown) => {
            request.log.warn({ err: error, userId: user.id }, 'eventos: sistemas não relidos');
          })
          .finally(() => {
            checkedAt = Date.now();
            recheck = null;
          });
        return recheck;
      };
      const onEvent = (event: VigiaEvent) => {
        if (!isLiveEvent(event)) return;
        if (systems.has(event.sisId)) {
          send(event);
          return;
        }
        if (recheck === null && Date.now() - checkedAt < SYSTEMS_RECHECK_MS) return;
        // Another system's event: sent if a fresh read of the systems holds it.
        void refreshSystems().then(() => {
          if (systems.has(event.sisId)) send(event);
        });
      };
      const unsubscribe = bus.subscribe(onEvent);
      const heartbeat = setInterval(() => {
        write(': ping\n\n');
        void refreshSystems();
      }, heartbeatMs);
      const expiresInMs = request.tokenExpiresAt
        ? Math.max(0, request.tokenExpiresAt * 1000 - Date.now())
        : 0;
      const expiry = setTimeout(() => close(), Math.min(expiresInMs, 2 ** 31 - 1));

      function close() {
        if (closed) return;
        closed = true;
        open.delete(close);
        clearInterval(heartbeat);
        clearTimeout(expiry);
        unsubscribe();
        socket.end();
      }
      open.add(close);
      // The response's `close`, not the request's: the latter fires once a GET is read.
      socket.on('close', close);
      socket.on('error', close);
    },
  });
};
