import { randomUUID } from 'node:crypto';
import pg from 'pg';
import type { EventBus } from './eventBus.js';
import { type VigiaEvent, vigiaEvent } from './types.js';

export const EVENTS_CHANNEL = 'vigia_events';
/** PostgreSQL rejects NOTIFY payloads of 8000 bytes or more. */
const MAX_PAYLOAD_BYTES = 7_900;
const MAX_RECONNECT_DELAY_MS = 30_000;
/** Longest wait for a confirmed event's own NOTIFY to come back before going on without it. */
const ECHO_TIMEOUT_MS = 2_000;

interface Logger {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

export interface PgEventRelay {
  /** Random id of this process; its own notifications are ignored. */
  readonly processId: string;
  close(): Promise<void>;
}

/**
 * Fan-out of live events between server processes sharing one PostgreSQL
 * database: every published event is delivered locally by the bus and also
 * sent with NOTIFY on `vigia_events`; each process LISTENs and delivers what
 * other processes sent. The listening connection reconnects with backoff.
 */
export async function startPgEventRelay(options: {
  connectionString: string;
  bus: EventBus;
  log: Logger;
}): Promise<PgEventRelay> {
  const { connectionString, bus, log } = options;
  const processId = randomUUID();
  const notifier = new pg.Pool({ connectionString, max: 1, idleTimeoutMillis: 30_000 });
  notifier.on('error', (error) => log.warn({ err: error }, 'eventos: conexão de NOTIFY caiu'));

  let listener: pg.Client | undefined;
  let closed = false;
  let reconnectDelay = 500;
  let reconnectTimer: NodeJS.Timeout | undefined;

  const onNotification = (message: pg.Notification) => {
    if (message.channel !== EVENTS_CHANNEL || !message.payload) return;
    let envelope: unknown;
    try {
      envelope = JSON.parse(message.payload);
    } catch {
      log.warn({ payload: message.payload.slice(0, 200) }, 'eventos: NOTIFY com JSON inválido');
      return;
    }
    const {
      o: origin,
      e: candidate,
      n: echo,
    } = (envelope ?? {}) as { o?: unknown; e?: unknown; n?: unknown };
    if (origin === processId) {
      if (typeof echo === 'number') echoed(echo);
      return;
    }
    const parsed = vigiaEvent.safeParse(candidate);
    if (!parsed.success) {
      log.warn({ origin }, 'eventos: NOTIFY com evento desconhecido ignorado');
      return;
    }
    bus.deliverLocal(parsed.data);
  };

  const connect = async () => {
    const client = new pg.Client({ connectionString });
    const drop = () => {
      if (listener !== client) return;
      listener = undefined;
      client.removeAllListeners();
      client.on('error', () => {});
      client.end().catch(() => {});
      retryLater();
    };
    client.on('notification', onNotification);
    client.on('error', (error) => {
      log.warn({ err: error }, 'eventos: conexão de LISTEN caiu');
      drop();
    });
    client.on('end', drop);
    try {
      await client.connect();
      await client.query(`LISTEN ${EVENTS_CHANNEL}`);
    } catch (error) {
      client.removeAllListeners();
      client.on('error', () => {});
      await client.end().catch(() => {});
      throw error;
    }
    listener = client;
    reconnectDelay = 500;
  };

  const retryLater = () => {
    if (closed || reconnectTimer) return;
    const delay = reconnectDelay;
    reconnectDelay = Math.min(reconnectDelay * 2, MAX_RECONNECT_DELAY_MS);
    reconnectTimer = setTimeout(() => {
      reconnectTimer = undefined;
      if (closed) return;
      connect()
        .then(() => log.info({}, 'eventos: LISTEN restabelecido'))
        .catch((error) => {
          log.error({ err: error }, 'eventos: falha ao reconectar o LISTEN');
          retryLater();
        });
    }, delay);
    reconnectTimer.unref();
  };

  await connect();

  // A confirmed event carries a number; its sender waits until its own LISTEN gets it back,
  // by when PostgreSQL has handed it to every listening connection.
  let lastEcho = 0;
  const echoWaiters = new Map<number, () => void>();
  const echoed = (n: number) => {
    echoWaiters.get(n)?.();
    echoWaiters.delete(n);
  };
  const echoOf = (n: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        echoWaiters.delete(n);
        log.warn({}, 'eventos: o próprio NOTIFY não voltou a tempo');
        resolve();
      }, ECHO_TIMEOUT_MS);
      timer.unref();
      echoWaiters.set(n, () => {
        clearTimeout(timer);
        resolve();
      });
    });

  bus.setRelay((event: VigiaEvent, options) => {
    const echo = options?.confirm && listener ? ++lastEcho : undefined;
    const payload = JSON.stringify({ o: processId, e: event, ...(echo ? { n: echo } : {}) });
    if (Buffer.byteLength(payload) > MAX_PAYLOAD_BYTES) {
      log.warn({ type: event.type }, 'eventos: evento grande demais para NOTIFY, só local');
      return;
    }
    const back = echo ? echoOf(echo) : undefined;
    return notifier.query('SELECT pg_notify($1, $2)', [EVENTS_CHANNEL, payload]).then(
      () => back,
      (error: unknown) => {
        if (echo) echoed(echo);
        log.error({ err: error }, 'eventos: falha no NOTIFY');
      },
    );
  });

  return {
    processId,
    async close() {
      closed = true;
      bus.setRelay(undefined);
      for (const n of [...echoWaiters.keys()]) echoed(n);
      if (reconnectTimer) clearTimeout(reconnectTimer);
      const client = listener;
      listener = undefined;
      client?.removeAllListeners();
      client?.on('error', () => {});
      await Promise.allSettled([client?.end(), notifier.end()]);
    },
  };
}
