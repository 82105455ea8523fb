import { API } from '@vigia/contract/api';
import { MESSAGES, MONTHLY_REPORT_GROUP, validatePeriodSec } from '@vigia/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { allowedSystemIds } from '../auth/scope.js';
import { badRequest, notFound } from '../plugins/httpError.js';
import { penTags } from '../store/devices/chartHistory.js';
import { deviceInScope } from '../store/devices/deviceScope.js';
import { placeInScope } from '../store/devices/placeScope.js';
import { readPlantChart } from '../store/devices/plantChart.js';
import { readingKeys, reportRows } from '../store/devices/reportRows.js';
import { siteOwner } from '../store/devices/siteOwner.js';
import { tableColumns, tableConfigs } from '../store/sites/configuration.js';
import { fromContract } from './contractRoute.js';
import type { AppServices } from './services.js';

/** The period rules of every report and chart read (spec 001 §5): 400 with the pt-BR text. */
function checkPeriod(inicio: number, fim: number, tipoPeriodo = 0) {
  const problem = validatePeriodSec(inicio, fim, {
    monthly: tipoPeriodo === MONTHLY_REPORT_GROUP,
  });
  if (problem) throw badRequest(problem);
}

/** Spec 000 §7: report history and a report preset's data, under `/api`. */
export const reportRoutes: FastifyPluginAsyncZod<AppServices> = async (app, { store }) => {
  const db = store.db;

  app.route({
    ...fromContract(app, API.reports.rows),
    handler: async (request) => {
      const { idDispositivo, ...page } = request.query;
      checkPeriod(page.inicio, page.fim, page.tipoPeriodo);
      const device = await deviceInScope(request, db, idDispositivo);
      const keys = readingKeys(request.body.columns);
      const { tags, missing } = await penTags(db, device.id, keys);
      if (missing.length > 0) {
        throw badRequest(MESSAGES.unknownReadings.replace('{nomes}', missing.join(', ')));
      }
      return reportRows(db, device.id, tags, keys, page);
    },
  });

  app.route({
    ...fromContract(app, API.reports.dataTable),
    handler: async (request) => {
      const { idSite, ...page } = request.query;
      checkPeriod(page.inicio, page.fim, page.tipoPeriodo);
      const owner = await siteOwner(request, db, idSite, 'dispositivo');
      const preset = (await tableConfigs(db, owner)).find(
        (c) => c.idTabela === request.params.idTable && c.table,
      );
      const colunas = preset?.table
        ? await tableColumns(db, request.params.idTable, owner.id)
        : undefined;
      if (!preset?.table || !colunas) throw notFound();
      const keys = readingKeys(colunas);
      const { tags } = await penTags(db, owner.id, keys);
      const data = await reportRows(db, owner.id, tags, keys, page);
      return {
        ...data,
        idTable: request.params.idTable,
        nome: preset.table.nome,
        tipoRelatorio: preset.table.tipo,
        colunas,
      };
    },
  });
};

/** Spec 000 §7 "Energy": the plant chart, under `/api2`. */
export const plantChartRoutes: FastifyPluginAsyncZod<AppServices> = async (app, { store }) => {
  const db = store.db;
  app.route({
    ...fromContract(app, API.reports.plantChart),
    handler: async (request) => {
      const { tipo, inicio, fim } = request.query;
      checkPeriod(inicio, fim);
      const plant = await placeInScope(
        db,
        'usina',
        request.params.usinaId,
        allowedSystemIds(request),
      );
      return readPlantChart(db, plant, tipo, inicio, fim);
    },
  });
};
