import { dataTagQuery, dataTagResponse, errorBody } from '@vigia/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { deviceInScope } from '../devices/deviceScope.js';
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
      let query = db
        .selectFrom('tags')
        .leftJoin('current_values', 'current_values.tag_id', 'tags.id')
        .select([
          'tags.id as id',
          'tags.nome as nome',
          'tags.apelido as apelido',
          'tags.unidade as unidade',
          'tags.device_id as dispositivo_id',
          'tags.scale_max as scaleMax',
          'tags.scale_min as scaleMin',
          'tags.nominal as nominal',
          'current_values.valor as valor',
          'current_values.ts as ts',
          'current_values.qos as qos',
        ])
        .where('tags.device_id', '=', device.id);
      if (nomes && nomes.length > 0) query = query.where('tags.nome', 'in', nomes);
      const rows = await query.orderBy('tags.id').execute();
      return rows.map(({ valor, ts, qos, ...tag }) => ({
        ...tag,
        valorAtual: valor === null || ts === null ? null : { valor, ts, qos: qos ?? 0 },
      }));
    },
  );
};
