import { MAX_AGE_S, MAX_FUTURE_S } from '@vigia/contract';
import { API } from '@vigia/contract/api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { deviceKeyHash } from '../ingest/deviceKey.js';
import { DeviceKeyCache } from '../ingest/deviceKeyCache.js';
import type { Ingest, Outcome } from '../ingest/ingest.js';
import { INGEST_MESSAGES } from '../ingest/payload.js';
import { HttpError } from '../plugins/httpError.js';
import type { Store } from '../store/database.js';
import { deviceIdByKeyHash } from '../store/ingest/ingestRepository.js';
import { fromContract } from './contractRoute.js';

export interface IngestRouteOptions {
  store: Store;
  ingest: Ingest;
  /** Shared with administration, which drops a replaced key at once. */
  keys?: DeviceKeyCache;
  /** Clock in epoch seconds (tests). */
  now?: () => number;
}

const ingestHeaders = z.object({
  'x-device-key': z.string().optional(),
  authorization: z.string().optional(),
});

const invalidKey = () =>
  new HttpError(401, {
    error: 'invalid_device_key',
    error_description: INGEST_MESSAGES.invalidDeviceKey,
  });

/**
 * `POST /api/ingest`: a device sends readings over HTTP with its own key
 * (header `x-device-key: <key>` or `Authorization: Device <key>`), as one
 * message or a list of them (see ingest/payload.ts). The same ingest path as
 * MQTT writes them; the answer (202) comes only once they are committed, so an
 * acknowledged reading survives a crash, and a 503 means "send them again"
 * (a repeated reading is stored once).
 */
export const ingestRoutes: FastifyPluginAsyncZod<IngestRouteOptions> = async (app, opts) => {
  const { store, ingest } = opts;
  const now = opts.now ?? (() => Date.now() / 1000);
  const keys = opts.keys ?? new DeviceKeyCache();

  async function deviceFor(key: string): Promise<number> {
    const deviceId = await keys.deviceFor(deviceKeyHash(key), now(), (hash) =>
      deviceIdByKeyHash(store.db, hash),
    );
    if (deviceId === undefined) throw invalidKey();
    return deviceId;
  }

  app.route({
    ...fromContract(app, API.ingest.readings),
    schema: { ...fromContract(app, API.ingest.readings).schema, headers: ingestHeaders },
    handler: async (request, reply) => {
      const header = request.headers.authorization;
      const fromAuthorization = header?.match(/^Device\s+(\S+)\s*$/i)?.[1];
      const key = request.headers['x-device-key'] ?? fromAuthorization;
      if (typeof key !== 'string' || key.length === 0 || key.length > 256) throw invalidKey();
      const deviceId = await deviceFor(key);
      const messages = Array.isArray(request.body) ? request.body : [request.body];
      const t = now();
      if (messages.some((m) => m.ts > t + MAX_FUTURE_S || m.ts < t - MAX_AGE_S)) {
        throw new HttpError(400, { error: INGEST_MESSAGES.tsOutOfRange });
      }
      const outcomes = await Promise.all(
        messages.map((m) => new Promise<Outcome>((resolve) => ingest.submit(deviceId, m, resolve))),
      );
      if (outcomes.includes('failed'))
        throw new HttpError(503, { error: INGEST_MESSAGES.overloaded });
      const aceitas = outcomes.filter((o) => o === 'stored').length;
      return reply.code(202).send({ dispositivo: deviceId, aceitas });
    },
  });
};
