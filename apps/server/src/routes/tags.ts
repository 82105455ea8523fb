import { dataTagQuery, dataTagResponse, errorBody } from '@vigia/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { infoRow } from '../devices/deviceRows.js';
import { deviceInScope } from '../devices/deviceScope.js';
import { loadInfos } from '../devices/deviceStore.js';
import type { AppServices } from './services.js';

/** `GET /api/DataTag/tag`: a device's tag infos (spec 001 §3 "Tag info"). */
export const tagRoutes: FastifyPluginAsyncZod<AppServices> = async (app, { store }) => {
  const db = store.db;

  app.get(
    '/DataTag/tag',
    {
      schema: {
        tags: ['dispositivos'],
        summary: 'Tags de um dispositivo com valor atual, escala e nominal',
        description: '`nomes` (repetido ou separado por vírgula) limita as tags; padrão: todas.',
        querystring: dataTagQuery,
        response: { 200: dataTagResponse, 400: errorBody, 401: errorBody, 404: errorBody },
      },
    },
    async (request) => {
      const { idDispositivo, nomes } = request.query;
      const device = await deviceInScope(request, db, idDispositivo);
      const infos = await loadInfos(db, [device.id], nomes && nomes.length > 0 ? nomes : undefined);
      return (infos.get(device.id) ?? []).map((info) => ({
        id: info.tagId,
        nome: info.nome,
        apelido: info.apelido,
        unidade: info.unidade,
        dispositivo_id: info.deviceId,
        valorAtual: infoRow(info).valorAtual,
        scaleMax: info.scaleMax,
        scaleMin: info.scaleMin,
        nominal: info.nominal,
      }));
    },
  );
};
