import {
  deviceIdParams,
  deviceInfosListaQuery,
  deviceRow,
  deviceRowPage,
  devicesInfosListaQuery,
  errorBody,
  infosFiltroQuery,
  infosListaBody,
  parametrosBody,
  parametrosResponse,
} from '@vigia/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listDevices } from '../devices/deviceList.js';
import { buildDeviceRows, nowSec } from '../devices/deviceRows.js';
import { deviceInScope } from '../devices/deviceScope.js';
import { resolveSelection } from '../devices/deviceSelection.js';
import { badRequest } from '../plugins/httpError.js';
import { cachedRoute } from '../plugins/responseCache.js';
import type { AppServices } from './services.js';

const ERRORS = { 400: errorBody, 401: errorBody, 404: errorBody };
const TAGS = ['dispositivos'];

/** An empty name list means every reading. */
const namesOrAll = (nomes: readonly string[] | undefined) =>
  nomes && nomes.length > 0 ? nomes : undefined;

/** Spec 000 §7 "Devices": the device list, one device's readings, the energy-center call, parameters. */
export const deviceRoutes: FastifyPluginAsyncZod<AppServices> = async (
  app,
  { store, responseCache },
) => {
  const db = store.db;

  app.get(
    '/dispositivos/infosFiltro',
    {
      ...cachedRoute,
      schema: {
        tags: TAGS,
        summary: 'Lista de dispositivos com leituras, comunicação e alarmes (paginada)',
        description:
          'A lista genérica por trás das telas de lista: `tipo=gerador|qta|tfr|ups|batmon|io|' +
          'geladeira|medidor|posto|…` (um ou vários separados por vírgula), `usinaId`, `scdId`, ' +
          '`venueId`, `idGrupoDispositivo`, `energycenterId`; `funcionando=true` (geradores ' +
          'ligados), `regime=prime` (geradores prime); `nomes` limita `infos`. `orderBy`: ' +
          '`campo [asc|desc]`. Padrão: 50 por página, ordem por nome.',
        querystring: infosFiltroQuery,
        response: { 200: deviceRowPage, ...ERRORS },
      },
    },
    (request, reply) =>
      responseCache.answer(request, reply, async () => {
        const q = request.query;
        const selection = await resolveSelection(request, db, q);
        return listDevices(db, selection, {
          filtroTexto: q.filtroTexto,
          orderBy: q.orderBy,
          offSet: q.offSet,
          limit: q.limit,
          nomes: namesOrAll(q.nomes),
          funcionando: q.funcionando,
          regime: q.regime,
          nowSec: nowSec(),
        });
      }),
  );

  app.post(
    '/taginfo/v2/dispositivo/id/infosLista',
    {
      ...cachedRoute,
      schema: {
        tags: TAGS,
        summary: 'Um dispositivo com as leituras pedidas em `nomes` (vazio: todas)',
        querystring: deviceInfosListaQuery,
        body: infosListaBody,
        response: { 200: deviceRow, ...ERRORS },
      },
    },
    (request, reply) =>
      responseCache.answer(request, reply, async () => {
        const device = await deviceInScope(request, db, request.query.idDispositivo, {
          alarms: true,
        });
        const [row] = await buildDeviceRows(db, [device], {
          nomes: namesOrAll(request.body.nomes),
          nowSec: nowSec(),
        });
        return row as NonNullable<typeof row>;
      }),
  );

  app.post(
    '/taginfo/v2/dispositivos/infosLista',
    {
      ...cachedRoute,
      schema: {
        tags: TAGS,
        summary: 'Dispositivos do energy center com as leituras pedidas em `nomes`',
        description:
          'Seleção por `sisid` e `tipo`, ou `idGrupoDispositivo`, ou `energycenterId` ' +
          '(também `venueId`, `usinaId`, `scdId`); ao menos um seletor além de `sisid`. ' +
          'Paginada como a lista de dispositivos.',
        querystring: devicesInfosListaQuery,
        body: infosListaBody,
        response: { 200: deviceRowPage, ...ERRORS },
      },
    },
    (request, reply) =>
      responseCache.answer(request, reply, async () => {
        const q = request.query;
        const selection = await resolveSelection(request, db, q);
        const narrowed =
          selection.tipos ??
          q.idGrupoDispositivo ??
          q.energycenterId ??
          q.venueId ??
          q.usinaId ??
          q.scdId;
        if (narrowed === undefined) throw badRequest();
        return listDevices(db, selection, {
          filtroTexto: q.filtroTexto,
          orderBy: q.orderBy,
          offSet: q.offSet,
          limit: q.limit,
          nomes: namesOrAll(request.body.nomes),
          nowSec: nowSec(),
        });
      }),
  );

  app.post(
    '/dispositivos/:idDispositivo/parametros',
    {
      schema: {
        tags: TAGS,
        summary: 'Parâmetros do dispositivo (nominais hzn, kwn, rpmn, vccn, vn, capacidade …)',
        description:
          'Corpo opcional `{ nomes }` limita a lista. Um nominal ausente vale 500 no console ' +
          '(domínio `deviceParams`); aqui vêm só os valores cadastrados.',
        params: deviceIdParams,
        body: parametrosBody,
        response: { 200: parametrosResponse, ...ERRORS },
      },
    },
    async (request) => {
      const device = await deviceInScope(request, db, request.params.idDispositivo);
      const params = device.params;
      const nomes = request.body?.nomes;
      return nomes && nomes.length > 0 ? params.filter((p) => nomes.includes(p.nome)) : params;
    },
  );
};
