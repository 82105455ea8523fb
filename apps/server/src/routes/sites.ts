import {
  dataResumeSiteQuery,
  energyCenterData,
  energyCenterParams,
  errorBody,
  resumeSiteConfig,
  resumeSiteConfigQuery,
  resumeSiteRowPage,
  siteData,
  siteParams,
  tipoSiteParams,
} from '@vigia/contract';
import { communicationSummary, siteTitle } from '@vigia/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { allowedSystemIds, systemsInScope } from '../auth/scope.js';
import { nowSec } from '../devices/deviceRows.js';
import { deviceInScope } from '../devices/deviceScope.js';
import { resolveSelection } from '../devices/deviceSelection.js';
import { placeInScope } from '../devices/placeScope.js';
import { loadPlaces } from '../devices/places.js';
import { resumeSiteRows, resumeSiteConfig as siteTableConfig } from '../devices/siteTables.js';
import { cachedRoute } from '../plugins/responseCache.js';
import type { AppServices } from './services.js';

const ERRORS = { 400: errorBody, 401: errorBody, 404: errorBody };
const TAGS = ['sites'];

/** Site tables (four variants), the site page's data and the energy center's name. */
export const siteRoutes: FastifyPluginAsyncZod<AppServices> = async (
  app,
  { store, responseCache },
) => {
  const db = store.db;

  app.get(
    '/ConfigurationResumeSite/:tipoSite/resumeSite',
    {
      schema: {
        tags: TAGS,
        summary: 'Colunas da tabela de sites de um tipo',
        description:
          '`tipoSite`: 1 dispositivos, 2 usinas, 3 SCDs, 4 venues. Com `sisid`, as colunas de ' +
          'usina, SCD e venue só aparecem se o sistema tem esses locais.',
        params: tipoSiteParams,
        querystring: resumeSiteConfigQuery,
        response: { 200: resumeSiteConfig, ...ERRORS },
      },
    },
    async (request) => {
      const systemIds = systemsInScope(request, request.query.sisid);
      const places = await loadPlaces(db, systemIds);
      return siteTableConfig(request.params.tipoSite, {
        plants: places.plants.length > 0,
        scds: places.scds.length > 0,
        venues: places.venues.length > 0,
      });
    },
  );

  app.get(
    '/DataResumeSite/:tipoSite/dataResumeSite',
    {
      ...cachedRoute,
      schema: {
        tags: TAGS,
        summary: 'Linhas da tabela de sites de um tipo (paginada)',
        description:
          '`tipoSite`: 1 dispositivos, 2 usinas, 3 SCDs, 4 venues. `sisid`, `usinaId`, `scdId`, ' +
          '`venueId`, `offSet`, `limit` (50), `filtroTexto`, `orderBy` (`campo [asc|desc]`).',
        params: tipoSiteParams,
        querystring: dataResumeSiteQuery,
        response: { 200: resumeSiteRowPage, ...ERRORS },
      },
    },
    (request, reply) =>
      responseCache.answer(request, reply, async () => {
        const q = request.query;
        const selection = await resolveSelection(request, db, q);
        return resumeSiteRows(db, request.params.tipoSite, selection, {
          filtroTexto: q.filtroTexto,
          orderBy: q.orderBy,
          offSet: q.offSet,
          limit: q.limit,
          nowSec: nowSec(),
        });
      }),
  );

  app.get(
    '/Sites/:id/site',
    {
      schema: {
        tags: TAGS,
        summary: 'Dados do site (dispositivo): título, usina, SCD, venue, comunicação e alarmes',
        params: siteParams,
        response: { 200: siteData, ...ERRORS },
      },
    },
    async (request) => {
      const device = await deviceInScope(request, db, request.params.id, { alarms: true });
      const names = await db
        .selectFrom('devices')
        .leftJoin('plants', 'plants.id', 'devices.usina_id')
        .leftJoin('scds', 'scds.id', 'devices.scd_id')
        .leftJoin('venues', 'venues.id', 'devices.venue_id')
        .leftJoin('device_groups', 'device_groups.id', 'devices.group_id')
        .leftJoin('energy_centers', 'energy_centers.id', 'devices.energy_center_id')
        .select([
          'plants.nome as usinaNome',
          'scds.nome as scdNome',
          'venues.nome as venueNome',
          'device_groups.nome as grupoNome',
          'energy_centers.nome as energyCenterNome',
        ])
        .where('devices.id', '=', device.id)
        .executeTakeFirstOrThrow();
      const ref = (id: number | null, nome: string | null) =>
        id === null || nome === null ? null : { id, nome };
      const now = nowSec();
      return {
        siteId: device.id,
        id: device.id,
        nome: device.nome,
        patrimonio: device.patrimonio,
        tipo: device.tipo,
        templateDispositivoId: device.templateId,
        equipamento: device.equipamento,
        localNome: device.localNome,
        uf: device.uf,
        lat: device.lat,
        longi: device.lon,
        titulo: siteTitle(device.patrimonio, device.localNome, device.usinaId !== null),
        sisId: device.systemId,
        usina: ref(device.usinaId, names.usinaNome),
        scd: ref(device.scdId, names.scdNome),
        venue: ref(device.venueId, names.venueNome),
        grupo: ref(device.groupId, names.grupoNome),
        energyCenter: ref(device.energyCenterId, names.energyCenterNome),
        resumoComunicacao: communicationSummary(device.lastSeenAt, now),
        ultimaLeitura: device.lastSeenAt,
        alarmTreeMapValue: device.alarmCount ?? 0,
        params: device.params,
      };
    },
  );

  app.get(
    '/EnergyCenters/:energycenterId/energyCenter',
    {
      schema: {
        tags: TAGS,
        summary: 'Nome e sistema de um energy center (título da sua página de dispositivos)',
        params: energyCenterParams,
        response: { 200: energyCenterData, ...ERRORS },
      },
    },
    async (request) => {
      const center = await placeInScope(
        db,
        'energyCenter',
        request.params.energycenterId,
        allowedSystemIds(request),
      );
      return { id: center.id, nome: center.nome, sisId: center.systemId };
    },
  );
};
