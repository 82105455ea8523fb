import { API } from '@vigia/contract/api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { systemsInScope } from '../auth/scope.js';
import { deviceRefusals } from '../store/ingest/refusals.js';
import { fromContract } from './contractRoute.js';
import type { AppServices } from './services.js';

type Row = {
  dispositivo: number;
  nome: string;
  sisid: number;
  recusadas: number;
  porMotivo: { grande: number; invalida: number; horario: number };
  ultima: number;
};

/**
 * `GET /api/ingestao/recusas`: the devices of the caller's systems whose
 * messages were refused (over 1 MiB, malformed, time out of range), every
 * node's counts, latest first: where a control room looks for a device that
 * talks but is not heard.
 */
export const ingestRefusalRoutes: FastifyPluginAsyncZod<AppServices> = async (app, { store }) => {
  app.route({
    ...fromContract(app, API.ingest.refusals),
    handler: async (request) => {
      const systems = systemsInScope(request, request.query.sisid);
      const byDevice = new Map<number, Row>();
      for (const r of await deviceRefusals(store.reads, systems)) {
        let row = byDevice.get(r.deviceId);
        if (!row) {
          row = {
            dispositivo: r.deviceId,
            nome: r.nome,
            sisid: r.sisId,
            recusadas: 0,
            porMotivo: { grande: 0, invalida: 0, horario: 0 },
            ultima: 0,
          };
          byDevice.set(r.deviceId, row);
        }
        if (r.motivo === 'grande' || r.motivo === 'invalida' || r.motivo === 'horario') {
          row.porMotivo[r.motivo] += r.recusadas;
        }
        row.recusadas += r.recusadas;
        row.ultima = Math.max(row.ultima, r.ultima);
      }
      return [...byDevice.values()].sort(
        (a, b) => b.ultima - a.ultima || a.dispositivo - b.dispositivo,
      );
    },
  });
};
