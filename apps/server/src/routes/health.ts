import type { HealthResponse } from '@vigia/contract';
import { API } from '@vigia/contract/api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { BrokerHealth } from '../broker/mosquitto.js';
import { pingDatabase } from '../store/ping.js';
import { fromContract } from './contractRoute.js';
import type { AppServices } from './services.js';

const DB_TIMEOUT_MS = 2_000;
const startedAt = Date.now();

type RefusalCounts = NonNullable<HealthResponse['ingestao']>['porMotivo'];

/**
 * `GET /api/health`, without a token: for load balancers and the start script;
 * with an ingest, this node's refused device messages by reason.
 */
export const healthRoutes: FastifyPluginAsyncZod<
  AppServices & {
    version: string;
    brokerHealth?: (() => BrokerHealth) | undefined;
    ingestRefusals?: (() => RefusalCounts) | undefined;
  }
> = async (app, { store, version, brokerHealth, ingestRefusals }) => {
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
          ...(ingestRefusals ? { ingestao: ingestion(ingestRefusals()) } : {}),
        });
    },
  });
};

function ingestion(porMotivo: RefusalCounts) {
  const recusadas = Object.values(porMotivo).reduce((sum, n) => sum + n, 0);
  return { recusadas, porMotivo };
}
