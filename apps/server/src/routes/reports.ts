import { API } from '@vigia/contract/api';
import {
  MAINTENANCE_REPORT_TIPO,
  MESSAGES,
  MONTHLY_REPORT_GROUP,
  validatePeriodSec,
} from '@vigia/domain';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { allowedSystemIds } from '../auth/scope.js';
import { badRequest, notFound } from '../plugins/httpError.js';
import { penTags } from '../store/devices/chartHistory.js';
import { deviceInScope } from '../store/devices/deviceScope.js';
import { placeInScope } from '../store/devices/placeScope.js';
import { readPlantChart } from '../store/devices/plantChart.js';
import { readingKeys, reportRows } from '../store/devices/reportRows.js';
import { siteOwner } from '../store/devices/siteOwner.js';
import { maintenanceRows } from '../store/reports/maintenance.js';
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
  // Heavy reads (plugins/heavyCalls.ts): off the event loop on SQLite.
  const db = store.offLoopReads;

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

  /** The device's report preset `idTable` (404 when the device or the preset is not the caller's). */
  const devicePreset = async (request: FastifyRequest, idTable: number, idSite: number) => {
    const owner = await siteOwner(request, db, idSite, 'dispositivo');
    const preset = (await tableConfigs(db, owner)).find((c) => c.idTabela === idTable && c.table);
    const colunas = preset?.table ? await tableColumns(db, idTable, owner.id) : undefined;
    if (!preset?.table || !colunas) throw notFound();
    const { tags } = await penTags(db, owner.id, readingKeys(colunas));
    return { deviceId: owner.id, table: preset.table, colunas, tags };
  };

  app.route({
    ...fromContract(app, API.reports.dataTable),
    handler: async (request) => {
      const { idSite, ...page } = request.query;
      checkPeriod(page.inicio, page.fim, page.tipoPeriodo);
      const { idTable } = request.params;
      const { deviceId, table, colunas, tags } = await devicePreset(request, idTable, idSite);
      const data = await reportRows(db, deviceId, tags, readingKeys(colunas), page);
      return { ...data, idTable, nome: table.nome, tipoRelatorio: table.tipo, colunas };
    },
  });

  app.route({
    ...fromContract(app, API.reports.maintenance),
    handler: async (request) => {
      const { idSite, ...page } = request.query;
      checkPeriod(page.inicio, page.fim, page.tipoPeriodo);
      const { idTable } = request.params;
      const { deviceId, table, colunas, tags } = await devicePreset(request, idTable, idSite);
      if (table.tipo !== MAINTENANCE_REPORT_TIPO) throw notFound();
      const data = await maintenanceRows(db, deviceId, tags, colunas, page);
      return { ...data, idTable, nome: table.nome };
    },
  });
};

/** Spec 000 §7 "Energy": the plant chart, under `/api2`. */
export const plantChartRoutes: FastifyPluginAsyncZod<AppServices> = async (app, { store }) => {
  const db = store.offLoopReads;
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
