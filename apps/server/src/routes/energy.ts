import {
  deviceIdParams,
  energyDeviceList,
  energyDeviceQuery,
  energyDeviceRow,
  energyListQuery,
  errorBody,
  plantList,
  plantParams,
  plantRow,
  scdList,
  scdParams,
  scdRow,
} from '@vigia/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { allowedSystemIds, systemsInScope } from '../auth/scope.js';
import { nowSec } from '../devices/deviceRows.js';
import { deviceInScope } from '../devices/deviceScope.js';
import {
  energyDeviceRows,
  GENERATOR,
  plantRows,
  scdRows,
  TRANSFER_PANEL,
} from '../devices/energyReads.js';
import { placeInScope } from '../devices/placeScope.js';
import { notFound } from '../plugins/httpError.js';
import type { AppServices } from './services.js';

const ERRORS = { 400: errorBody, 401: errorBody, 404: errorBody };
const TAGS = ['energia'];
const SORT_NOTE =
  '`sortby`: maiorenergia (padrão), menorenergia, variacaopositiva, variacaonegativa ' +
  '(energia das últimas 24 h pelo contador kWh e sua variação sobre as 24 h anteriores) ou nome.';

const namesOrAll = (nomes: readonly string[] | undefined) =>
  nomes && nomes.length > 0 ? nomes : undefined;

/** Spec 000 §7 "Energy": generators, transfer panels, plants and SCDs with live totals and energy. */
export const energyRoutes: FastifyPluginAsyncZod<AppServices> = async (app, { store }) => {
  const db = store.db;

  for (const [path, tipo, label] of [
    ['geradores', GENERATOR, 'Geradores'],
    ['tfrs', TRANSFER_PANEL, 'TFRs (painéis de transferência)'],
  ] as const) {
    app.get(
      `/energia/${path}`,
      {
        schema: {
          tags: TAGS,
          summary: `${label} com leituras, comunicação, alarmes e energia`,
          description: `\`sisid\` 0 ou ausente: todos os sistemas do usuário. ${SORT_NOTE}`,
          querystring: energyListQuery,
          response: { 200: energyDeviceList, ...ERRORS },
        },
      },
      async (request) => {
        const { sisid, sortby, nomes } = request.query;
        return energyDeviceRows(
          db,
          { systemIds: systemsInScope(request, sisid), tipos: [tipo] },
          { sortby, nomes: namesOrAll(nomes), nowSec: nowSec() },
        );
      },
    );

    app.get(
      `/energia/${path}/:idDispositivo`,
      {
        schema: {
          tags: TAGS,
          summary: `Um dos ${label} com leituras e energia`,
          description:
            'Qualquer dispositivo do usuário é respondido (o `tipo` da linha diz o que ele é); ' +
            'fora dos sistemas do usuário: 404.',
          params: deviceIdParams,
          querystring: energyDeviceQuery,
          response: { 200: energyDeviceRow, ...ERRORS },
        },
      },
      async (request) => {
        const device = await deviceInScope(request, db, request.params.idDispositivo);
        const [row] = await energyDeviceRows(
          db,
          { systemIds: [device.systemId], deviceIds: [device.id] },
          { nomes: namesOrAll(request.query.nomes), nowSec: nowSec() },
        );
        if (!row) throw notFound();
        return row;
      },
    );

    app.get(
      `/energia/usinas/:usinaId/${path}`,
      {
        schema: {
          tags: TAGS,
          summary: `${label} da usina com leituras e energia`,
          description: SORT_NOTE,
          params: plantParams,
          querystring: energyListQuery.omit({ sisid: true }),
          response: { 200: energyDeviceList, ...ERRORS },
        },
      },
      async (request) => {
        const plant = await placeInScope(
          db,
          'usina',
          request.params.usinaId,
          allowedSystemIds(request),
        );
        const { sortby, nomes } = request.query;
        return energyDeviceRows(
          db,
          { systemIds: [plant.systemId], usinaId: plant.id, tipos: [tipo] },
          { sortby, nomes: namesOrAll(nomes), nowSec: nowSec() },
        );
      },
    );
  }

  app.get(
    '/energia/usinas',
    {
      schema: {
        tags: TAGS,
        summary: 'Usinas com totais dos dispositivos, potência e energia dos geradores',
        description: SORT_NOTE,
        querystring: energyListQuery.omit({ nomes: true }),
        response: { 200: plantList, ...ERRORS },
      },
    },
    async (request) =>
      plantRows(db, systemsInScope(request, request.query.sisid), {
        sortby: request.query.sortby,
        nowSec: nowSec(),
      }),
  );

  app.get(
    '/energia/usinas/:usinaId',
    {
      schema: {
        tags: TAGS,
        summary: 'Uma usina com totais, potência e energia',
        params: plantParams,
        response: { 200: plantRow, ...ERRORS },
      },
    },
    async (request) => {
      const plant = await placeInScope(
        db,
        'usina',
        request.params.usinaId,
        allowedSystemIds(request),
      );
      const [row] = await plantRows(db, [plant.systemId], { usinaId: plant.id, nowSec: nowSec() });
      if (!row) throw notFound();
      return row;
    },
  );

  app.get(
    '/energia/scds',
    {
      schema: {
        tags: TAGS,
        summary: 'SCDs com totais dos dispositivos, potência e energia dos geradores',
        description: SORT_NOTE,
        querystring: energyListQuery.omit({ nomes: true }),
        response: { 200: scdList, ...ERRORS },
      },
    },
    async (request) =>
      scdRows(db, systemsInScope(request, request.query.sisid), {
        sortby: request.query.sortby,
        nowSec: nowSec(),
      }),
  );

  app.get(
    '/energia/scds/:scdId',
    {
      schema: {
        tags: TAGS,
        summary: 'Um SCD com totais, potência e energia',
        params: scdParams,
        response: { 200: scdRow, ...ERRORS },
      },
    },
    async (request) => {
      const scd = await placeInScope(db, 'scd', request.params.scdId, allowedSystemIds(request));
      const [row] = await scdRows(db, [scd.systemId], { scdId: scd.id, nowSec: nowSec() });
      if (!row) throw notFound();
      return row;
    },
  );
};
