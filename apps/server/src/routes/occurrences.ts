import type { OccurrenceListRoute } from '@vigia/contract';
import { API } from '@vigia/contract/api';
import { PAGE_SIZE } from '@vigia/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { allowedSystemIds, currentUser } from '../auth/scope.js';
import { notFound } from '../plugins/httpError.js';
import { cachedRoute } from '../plugins/responseCache.js';
import { acknowledgeOccurrences } from '../store/occurrences/acknowledge.js';
import {
  buildFilter,
  countOccurrences,
  type ListKind,
  listOccurrences,
} from '../store/occurrences/list.js';
import { occurrenceIdsIn } from '../store/occurrences/occurrenceIds.js';
import { fromContract } from './contractRoute.js';
import type { AppServices } from './services.js';

/** What each list reads (occurrences/README.md) and its default page size. */
const LISTS: { route: OccurrenceListRoute; kind: ListKind; defaultLimit: number }[] = [
  { route: API.occurrences.active, kind: 'attention', defaultLimit: PAGE_SIZE.occurrences },
  {
    route: API.occurrences.deviceActive,
    kind: 'attention',
    defaultLimit: PAGE_SIZE.deviceActiveOccurrences,
  },
  { route: API.occurrences.deviceSelect, kind: 'history', defaultLimit: PAGE_SIZE.occurrences },
  { route: API.occurrences.siteActive, kind: 'attention', defaultLimit: PAGE_SIZE.occurrences },
  { route: API.occurrences.systemActive, kind: 'attention', defaultLimit: PAGE_SIZE.occurrences },
  { route: API.occurrences.generalActive, kind: 'attention', defaultLimit: PAGE_SIZE.occurrences },
];

export const occurrenceRoutes: FastifyPluginAsyncZod<AppServices> = async (
  app,
  { store, bus, responseCache },
) => {
  // Through the response cache: every console of a system reloads the active-alarm
  // counter on the same occurrence event (at 20k devices on PostgreSQL, 50 counts a
  // second, each planned anew); an occurrence event of the system drops the answer.
  app.route({
    ...fromContract(app, API.occurrences.list),
    ...cachedRoute,
    handler: (request, reply) =>
      responseCache.answer(request, reply, async () => {
        const query = request.query;
        const systems = allowedSystemIds(request);
        if (query.alarmeativo && query.offSet === undefined && query.limit === undefined) {
          const filter = await buildFilter(store, systems, query, 'history');
          return { total: await countOccurrences(store, filter) };
        }
        return listOccurrences(store, systems, query, {
          kind: 'history',
          defaultLimit: PAGE_SIZE.occurrences,
        });
      }),
  });

  for (const list of LISTS) {
    app.route({
      ...fromContract(app, list.route),
      handler: async (request) =>
        listOccurrences(store, allowedSystemIds(request), request.query, {
          kind: list.kind,
          defaultLimit: list.defaultLimit,
        }),
    });
  }

  app.route({
    ...fromContract(app, API.occurrences.acknowledge),
    handler: async (request) => {
      const user = currentUser(request);
      const ids = [...new Set(request.body.ids)];
      const inScope = await occurrenceIdsIn(store.db, ids, user.systemIds);
      if (inScope.length === 0) throw notFound();
      const { acknowledged } = await acknowledgeOccurrences(store, {
        ids: inScope,
        userId: user.id,
        allowedSystemIds: user.systemIds,
        publish: bus,
      });
      const done = new Set(acknowledged);
      const found = new Set(inScope);
      request.log.info({ userId: user.id, ids: acknowledged }, 'ocorrências reconhecidas');
      return {
        reconhecidas: acknowledged,
        inalteradas: inScope.filter((id) => !done.has(id)).sort((a, b) => a - b),
        naoEncontradas: ids.filter((id) => !found.has(id)).sort((a, b) => a - b),
      };
    },
  });
};
