import {
  acknowledgeBody,
  acknowledgeResponse,
  deviceOccurrenceListQuery,
  errorBody,
  occurrenceList,
  occurrenceListOrCounter,
  occurrenceListQuery,
  systemOccurrenceListQuery,
} from '@vigia/contract';
import { PAGE_SIZE } from '@vigia/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { acknowledgeOccurrences } from '../alarms/acknowledge.js';
import { allowedSystemIds, currentUser } from '../auth/scope.js';
import {
  buildFilter,
  countOccurrences,
  type ListKind,
  listOccurrences,
} from '../occurrences/list.js';
import { notFound } from '../plugins/httpError.js';
import type { AppServices } from './services.js';

const ERRORS = { 400: errorBody, 401: errorBody, 404: errorBody };
const TAGS = ['ocorrências'];

const COMMON_QUERY_DOC =
  'Paginação `offSet` (0) e `limit` (máximo 500). `filtroTexto`: nome do alarme, nome, ' +
  'patrimônio, local ou UF do dispositivo (sem diferenciar maiúsculas nem acentos). ' +
  '`orderBy`: `horaAtivacao desc` (padrão) ou `horaAtivacao asc`. `inicio`/`fim` em segundos ' +
  '(no máximo 31 dias quando ambos). `evento`/`alarme`: tipos listados. `alarmeativo=true`: só ' +
  'alarmes ainda ativos. `disp_id` (dispositivo/site), `local_id` (usina), `scdId`, `venueId`, ' +
  '`sisid`: fora dos sistemas do usuário → 404.';

interface ListRoute {
  url: string;
  kind: ListKind;
  summary: string;
  defaultLimit: number;
  querystring:
    | typeof occurrenceListQuery
    | typeof deviceOccurrenceListQuery
    | typeof systemOccurrenceListQuery;
}

/** Spec 000 §7 "Occurrence data"; what each path returns: occurrences/README.md. */
const LISTS: ListRoute[] = [
  {
    url: '/ocorrencias/ativas',
    kind: 'attention',
    summary: 'Alarmes que pedem atenção (ativos ou não reconhecidos) no escopo pedido',
    defaultLimit: PAGE_SIZE.occurrences,
    querystring: occurrenceListQuery,
  },
  {
    url: '/ocorrencia/dispositivo/id/ativas',
    kind: 'attention',
    summary: 'Alarmes que pedem atenção de um dispositivo (`disp_id`); 50 por página',
    defaultLimit: PAGE_SIZE.deviceActiveOccurrences,
    querystring: deviceOccurrenceListQuery,
  },
  {
    url: '/ocorrencia/dispositivo/id/seleciona',
    kind: 'history',
    summary: 'Todas as ocorrências de um dispositivo (`disp_id`): a tabela dos painéis',
    defaultLimit: PAGE_SIZE.occurrences,
    querystring: deviceOccurrenceListQuery,
  },
  {
    url: '/ocorrencia/site/id/ativas',
    kind: 'attention',
    summary: 'Alarmes que pedem atenção de um site (`disp_id`: o site é o dispositivo)',
    defaultLimit: PAGE_SIZE.occurrences,
    querystring: deviceOccurrenceListQuery,
  },
  {
    url: '/ocorrencia/sistema/ativas',
    kind: 'attention',
    summary: 'Alarmes que pedem atenção de um sistema (`sisid`)',
    defaultLimit: PAGE_SIZE.occurrences,
    querystring: systemOccurrenceListQuery,
  },
  {
    url: '/DataOccurrence/ocorrenciasAtivasGerais',
    kind: 'attention',
    summary: 'Alarmes que pedem atenção em todos os sistemas do usuário',
    defaultLimit: PAGE_SIZE.occurrences,
    querystring: occurrenceListQuery,
  },
];

export const occurrenceRoutes: FastifyPluginAsyncZod<AppServices> = async (app, { store, bus }) => {
  app.get(
    '/ocorrencias',
    {
      schema: {
        tags: TAGS,
        summary:
          'Ocorrências (histórico) no escopo pedido; com `alarmeativo=true` sem paginação: o contador',
        description:
          `${COMMON_QUERY_DOC} Sem \`evento\`/\`alarme\`: alarmes e eventos. ` +
          'Contador: `alarmeativo=true` sem `offSet` nem `limit` responde `{ total }`, o número de ' +
          'alarmes ativos do escopo (`sisid`, `disp_id` ou `local_id`).',
        querystring: occurrenceListQuery,
        response: { 200: occurrenceListOrCounter, ...ERRORS },
      },
    },
    async (request) => {
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
    },
  );

  for (const list of LISTS) {
    app.get(
      list.url,
      {
        schema: {
          tags: TAGS,
          summary: list.summary,
          description:
            `${COMMON_QUERY_DOC} Alarmes ativos ou desativados sem reconhecimento; eventos só ` +
            `com \`evento=true\`. Limite padrão ${list.defaultLimit}.`,
          querystring: list.querystring,
          response: { 200: occurrenceList, ...ERRORS },
        },
      },
      async (request) =>
        listOccurrences(store, allowedSystemIds(request), request.query, {
          kind: list.kind,
          defaultLimit: list.defaultLimit,
        }),
    );
  }

  app.post(
    '/ocorrencias/reconhece',
    {
      schema: {
        tags: TAGS,
        summary: 'Reconhece alarmes por id',
        description:
          'Só ids dos sistemas do usuário; nenhum deles → 404 e nada muda. Os já reconhecidos e ' +
          'os eventos ficam como estão (`inalteradas`). Cada reconhecimento é auditado (usuário, ' +
          'hora) e publicado no fluxo de eventos (`occurrence.acknowledged`).',
        body: acknowledgeBody,
        response: { 200: acknowledgeResponse, ...ERRORS },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const ids = [...new Set(request.body.ids)];
      const inScope =
        user.systemIds.length === 0
          ? []
          : (
              await store.db
                .selectFrom('occurrences')
                .select('id')
                .where('id', 'in', ids)
                .where('system_id', 'in', user.systemIds)
                .execute()
            ).map((row) => row.id);
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
  );
};
