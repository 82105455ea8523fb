import { API } from '@vigia/contract/api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { BrokerHealth } from '../broker/mosquitto.js';
import { pingDatabase } from '../store/ping.js';
import { fromContract } from './contractRoute.js';
import type { AppServices } from './services.js';

const DB_TIMEOUT_MS = 2_000;
const startedAt = Date.now();

/** `GET /api/health`, without a token: for load balancers and the start script. */
export const healthRoutes: FastifyPluginAsyncZod<
  AppServices & { version: string; brokerHealth?: (() => BrokerHealth) | undefined }
> = async (app, { store, version, brokerHealth }) => {
  app.route({
    ...fromContract(app, API.health.health),
    handler: async (request, reply) => {
      let databaseMs: number | null = null;
      try {
        databaseMs = await pingDatabase(store, DB_TIMEOUT_MS);
      } catch (error) {
        request.log.error({ err: error }, 'health: banco de dados não respondeu');
      }
      return reply
        .code(databaseMs === null ? 503 : 200)
        .header('cache-control', 'no-store')
        .send({
          status: databaseMs === null ? 'indisponivel' : 'ok',
          database: store.dialect,
          databaseMs,
          uptimeSeconds: Math.round((Date.now() - startedAt) / 1000),
          version,
          ...(brokerHealth ? { broker: brokerHealth() } : {}),
        });
    },
  });
};
