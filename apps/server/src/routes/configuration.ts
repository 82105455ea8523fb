import type { DataSinotico } from '@vigia/contract';
import { API } from '@vigia/contract/api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notFound } from '../plugins/httpError.js';
import { cachedRoute } from '../plugins/responseCache.js';
import { buildDeviceRows, nowSec } from '../store/devices/deviceRows.js';
import { deviceInScope } from '../store/devices/deviceScope.js';
import { selectDevices } from '../store/devices/deviceStore.js';
import { siteOwner } from '../store/devices/siteOwner.js';
import {
  chartLines,
  findSinotico,
  graphicalConfigs,
  overviewConfigs,
  tableColumns,
  tableConfigs,
} from '../store/sites/configuration.js';
import { fromContract } from './contractRoute.js';
import type { AppServices } from './services.js';

/** A site's overview, chart and report entries, each read for its owner (`siteOwner`). */
const SITE_CONFIGS = [
  [API.configuration.overviews, overviewConfigs],
  [API.configuration.graphicals, graphicalConfigs],
  [API.configuration.tables, tableConfigs],
] as const;

/** Spec 000 §7 "Configuration and data reads": panels, charts, reports and synoptic data of a site. */
export const configurationRoutes: FastifyPluginAsyncZod<AppServices> = async (
  app,
  { store, responseCache },
) => {
  const db = store.db;

  for (const [route, read] of SITE_CONFIGS) {
    app.route({
      ...fromContract(app, route),
      handler: async (request) =>
        read(db, await siteOwner(request, db, request.params.idSite, request.query.tipoLocal)),
    });
  }

  app.route({
    ...fromContract(app, API.configuration.chartLines),
    handler: async (request) => {
      const { idSite } = request.query;
      const device = idSite === undefined ? null : await deviceInScope(request, db, idSite);
      const lines = await chartLines(db, request.params.idGraphical, device?.id ?? null);
      if (!lines) throw notFound();
      return lines;
    },
  });

  app.route({
    ...fromContract(app, API.configuration.tableColumns),
    handler: async (request) => {
      const { idSite } = request.query;
      const device = idSite === undefined ? null : await deviceInScope(request, db, idSite);
      const columns = await tableColumns(db, request.params.idTable, device?.id ?? null);
      if (!columns) throw notFound();
      return columns;
    },
  });

  app.route({
    ...fromContract(app, API.configuration.synoptic),
    ...cachedRoute,
    handler: (request, reply) =>
      responseCache.answer(request, reply, async (): Promise<DataSinotico> => {
        const { idSite, tipoLocal, nomes } = request.query;
        const owner = await siteOwner(request, db, idSite, tipoLocal);
        const sinotico = await findSinotico(db, request.params.idSinotico);
        if (!sinotico) throw notFound();
        const devices = await selectDevices(db, owner.devices);
        const rows = await buildDeviceRows(db, devices, {
          nomes: nomes && nomes.length > 0 ? nomes : undefined,
          nowSec: nowSec(),
        });
        let oldest: number | null = null;
        for (const row of rows) {
          for (const info of row.infos) {
            const ts = info.valorAtual?.ts;
            if (ts !== undefined && (oldest === null || ts < oldest)) oldest = ts;
          }
        }
        return {
          idSinotico: sinotico.id,
          web_nome: sinotico.web_nome,
          render_html: sinotico.render_html,
          ts_menos_atualizado: oldest,
          dispositivos: rows,
        };
      }),
  });
};
