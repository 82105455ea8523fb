import { ALARM_STATES, type AlarmState, MAX_PAGE_SIZE, PAGE_SIZE } from '@vigia/domain';
import { z } from 'zod';
import type { OCCURRENCE_ORDERS } from './constants.js';
import { bodyId, queryId, querySisId } from './ids.js';
import { defineRoute } from './route.js';

/**
 * Occurrences (alarms and events): spec 000 §3 "Occurrence list query fields",
 * §7 "Occurrence data" and 001 §3/§4. What each path returns is documented in
 * apps/server/src/occurrences/README.md; the calls are `OCCURRENCES_API` below.
 */

/** Longest `filtroTexto` accepted. */
export const MAX_TEXT_FILTER_LENGTH = 100;

const entityId = queryId;
/** Epoch seconds, from 1970 up to 2100. */
const epochSeconds = z.coerce.number().int().min(0).max(4_102_444_800);
/** Query flags: 'true'/'false' (also 1/0, yes/no, on/off). Absent and false mean the same. */
const queryFlag = z.stringbool();

export type OccurrenceOrder = (typeof OCCURRENCE_ORDERS)[number];

const orderBy = z
  .string()
  .max(40)
  .transform((v) => v.trim().replace(/\s+/g, ' ').toLowerCase())
  .pipe(z.enum(['', 'horaativacao', 'horaativacao desc', 'horaativacao asc']))
  .transform((v): 'asc' | 'desc' => (v.endsWith(' asc') ? 'asc' : 'desc'));

/**
 * Query of every occurrence list (spec 000 §3), plus `scdId` and `venueId`
 * (Vigia's: the spec's single `local_id` is the plant, see the server README).
 * `limit` above MAX_PAGE_SIZE is capped, not refused.
 */
export const occurrenceListQuery = z.object({
  offSet: z.coerce.number().int().min(0).optional(),
  limit: z.coerce.number().int().min(1).optional(),
  filtroTexto: z.string().trim().max(MAX_TEXT_FILTER_LENGTH).optional(),
  orderBy: orderBy.optional(),
  /** Period start, epoch seconds (inclusive). */
  inicio: epochSeconds.optional(),
  /** Period end, epoch seconds (inclusive). */
  fim: epochSeconds.optional(),
  /** Include events. With neither `evento` nor `alarme` true, both kinds are listed. */
  evento: queryFlag.optional(),
  /** Include alarms. */
  alarme: queryFlag.optional(),
  /** Only alarms still active (not cleared). On `/api/ocorrencias` without paging: the counter. */
  alarmeativo: queryFlag.optional(),
  /** A device (site). */
  disp_id: entityId.optional(),
  /** A plant (usina). */
  local_id: entityId.optional(),
  /** An SCD (Vigia's). */
  scdId: entityId.optional(),
  /** A venue (Vigia's). */
  venueId: entityId.optional(),
  /** A system; 0 or absent: all the caller's systems. */
  sisid: querySisId.optional(),
});
export type OccurrenceListQuery = z.input<typeof occurrenceListQuery>;

/** Device lists need `disp_id`. */
export const deviceOccurrenceListQuery = occurrenceListQuery.extend({ disp_id: entityId });
/** `/api/ocorrencia/sistema/ativas` needs `sisid`. */
export const systemOccurrenceListQuery = occurrenceListQuery.extend({
  sisid: queryId,
});

export const alarmStateSchema = z.enum(ALARM_STATES as [AlarmState, ...AlarmState[]]);

/** Who acknowledged an occurrence. */
export const ackUser = z.object({ login: z.string(), nome: z.string() });

/** An occurrence row (spec 000 §3 and 001 §3) with the device's names and the display state. */
export const occurrenceRow = z.object({
  id: z.number().int(),
  /** Severity: 17 and above is critical (spec 001 §4). */
  critico: z.number().int(),
  /** The site is the device (spec 000 §2: a device opens as the site route with siteId). */
  idSite: z.number().int(),
  idDispositivo: z.number().int(),
  idSistema: z.number().int(),
  isEvt: z.boolean(),
  /** Epoch seconds. */
  horaAtivacao: z.number().int(),
  /** Null while active; events carry their own time. */
  horaDesativacao: z.number().int().nullable(),
  horaAck: z.number().int().nullable(),
  nomeAlarme: z.string(),
  valorFalha: z.number().nullable(),
  /** valorFalha as a fraction of the rule's limit (shown ×100 by the 'percentage' filter). */
  percent: z.number().nullable(),
  ackUsuario: ackUser.nullable(),
  patrimonio: z.string(),
  localNome: z.string(),
  uf: z.string(),
  /** ISA-18.2 state (`alarmState` of @vigia/domain): colour and label come from the domain. */
  estado: alarmStateSchema,
  /** Raises folded into this occurrence by the engine's chattering suppression (0: raised once). */
  repeticoes: z.number().int(),
});
export type OccurrenceRow = z.infer<typeof occurrenceRow>;

export const occurrenceList = z.array(occurrenceRow);

/** `/api/ocorrencias?alarmeativo=true` without `offSet`/`limit`: the active-alarm counter. */
export const occurrenceCounter = z.object({ total: z.number().int() });
export type OccurrenceCounter = z.infer<typeof occurrenceCounter>;

export const occurrenceListOrCounter = z.union([occurrenceList, occurrenceCounter]);

/** Most ids one acknowledgement may carry. */
export const MAX_ACK_IDS = MAX_PAGE_SIZE;

/** `POST /api/ocorrencias/reconhece`. */
export const acknowledgeBody = z.object({
  ids: z.array(bodyId).min(1).max(MAX_ACK_IDS),
});
export type AcknowledgeBody = z.infer<typeof acknowledgeBody>;

export const acknowledgeResponse = z.object({
  /** Acknowledged by this call. */
  reconhecidas: z.array(z.number().int()),
  /** In the caller's systems but left as they were: already acknowledged, or events. */
  inalteradas: z.array(z.number().int()),
  /** Not found in the caller's systems (nothing done). */
  naoEncontradas: z.array(z.number().int()),
});
export type AcknowledgeResponse = z.infer<typeof acknowledgeResponse>;

/** `selecao` is the acknowledge checkbox column (spec 001 §3: the client adds a selected flag). */
export const occurrenceColumnType = z.enum([
  'selecao',
  'texto',
  'numero',
  'data',
  'estado',
  'usuario',
  'tipo',
]);
export type OccurrenceColumnType = z.infer<typeof occurrenceColumnType>;

export const occurrenceColumn = z.object({
  /** Row field the column shows. */
  key: z.string(),
  titulo: z.string(),
  tipo: occurrenceColumnType,
  /** Decimals for numeric columns. */
  casaDecimal: z.number().int().nullable(),
  /** Shown on mobile (spec 001 §2: the first 7 columns, without date, site, UF, alarm, connection and equipment). */
  mobile: z.boolean(),
});
export type OccurrenceColumn = z.infer<typeof occurrenceColumn>;

export const occurrenceConfig = z.object({
  nome: z.string(),
  /** OCCURRENCE_ACCESS bits. */
  acesso: z.number().int(),
  /** Number of columns. */
  total: z.number().int(),
  /** Page size of the list. */
  limit: z.number().int(),
  colunas: z.array(occurrenceColumn),
});
export type OccurrenceConfig = z.infer<typeof occurrenceConfig>;

export const siteOccurrenceConfig = occurrenceConfig.extend({ idSite: z.number().int() });
export type SiteOccurrenceConfig = z.infer<typeof siteOccurrenceConfig>;

export const siteOccurrenceConfigParams = z.object({ idSite: entityId });

const TAGS = ['ocorrências'];

const QUERY_DOC =
  'Paginação `offSet` (0) e `limit` (máximo 500). `filtroTexto`: nome do alarme, nome, ' +
  'patrimônio, local ou UF do dispositivo (sem diferenciar maiúsculas nem acentos). ' +
  '`orderBy`: `horaAtivacao desc` (padrão) ou `horaAtivacao asc`. `inicio`/`fim` em segundos ' +
  '(no máximo 31 dias quando ambos). `evento`/`alarme`: tipos listados. `alarmeativo=true`: só ' +
  'alarmes ainda ativos. `disp_id` (dispositivo/site), `local_id` (usina), `scdId`, `venueId`, ' +
  '`sisid`: fora dos sistemas do usuário → 404.';

const LIST_ERRORS = {
  400: 'Parâmetros inválidos ou período maior que 31 dias',
  401: 'Sem sessão válida',
  404: 'Escopo fora dos sistemas do usuário',
} as const;

/** An attention list: alarms active or cleared without acknowledgement; events only with `evento=true`. */
function attentionList<const P extends string, Q extends z.ZodType>(
  path: P,
  query: Q,
  summary: string,
  defaultLimit: number,
) {
  return defineRoute({
    method: 'GET',
    path,
    query,
    answer: occurrenceList,
    errors: LIST_ERRORS,
    tags: TAGS,
    summary,
    description:
      `${QUERY_DOC} Alarmes ativos ou desativados sem reconhecimento; eventos só com ` +
      `\`evento=true\`. Limite padrão ${defaultLimit}.`,
  });
}

const CONFIG_DOC =
  'Colunas (chave do campo da linha, título, tipo, casas decimais, visível no celular) e ' +
  '`acesso`: bits 1 reconhecer, 2 filtro de histórico, 4 alternância de eventos.';

function fixedConfig<const P extends string>(path: P, summary: string) {
  return defineRoute({
    method: 'GET',
    path,
    answer: occurrenceConfig,
    errors: { 401: 'Sem sessão válida' },
    tags: TAGS,
    summary,
    description: CONFIG_DOC,
  });
}

export const OCCURRENCES_API = {
  /** Every occurrence in scope (history); with `alarmeativo=true` and no paging: the counter. */
  list: defineRoute({
    method: 'GET',
    path: '/api/ocorrencias',
    query: occurrenceListQuery,
    answer: occurrenceListOrCounter,
    errors: LIST_ERRORS,
    tags: TAGS,
    summary:
      'Ocorrências (histórico) no escopo pedido; com `alarmeativo=true` sem paginação: o contador',
    description:
      `${QUERY_DOC} Sem \`evento\`/\`alarme\`: alarmes e eventos. ` +
      'Contador: `alarmeativo=true` sem `offSet` nem `limit` responde `{ total }`, o número de ' +
      'alarmes ativos do escopo (`sisid`, `disp_id` ou `local_id`).',
  }),
  /** Alarms needing attention (active or unacknowledged), any scope. */
  active: attentionList(
    '/api/ocorrencias/ativas',
    occurrenceListQuery,
    'Alarmes que pedem atenção (ativos ou não reconhecidos) no escopo pedido',
    PAGE_SIZE.occurrences,
  ),
  /** A device's alarms needing attention (`disp_id` required; default limit 50). */
  deviceActive: attentionList(
    '/api/ocorrencia/dispositivo/id/ativas',
    deviceOccurrenceListQuery,
    'Alarmes que pedem atenção de um dispositivo (`disp_id`); 50 por página',
    PAGE_SIZE.deviceActiveOccurrences,
  ),
  /** Every occurrence of a device (`disp_id` required): the panels' preview table. */
  deviceSelect: defineRoute({
    method: 'GET',
    path: '/api/ocorrencia/dispositivo/id/seleciona',
    query: deviceOccurrenceListQuery,
    answer: occurrenceList,
    errors: LIST_ERRORS,
    tags: TAGS,
    summary: 'Todas as ocorrências de um dispositivo (`disp_id`): a tabela dos painéis',
    description: `${QUERY_DOC} Limite padrão ${PAGE_SIZE.occurrences}.`,
  }),
  /** A site's alarms needing attention (`disp_id` is the site: a site is a device). */
  siteActive: attentionList(
    '/api/ocorrencia/site/id/ativas',
    deviceOccurrenceListQuery,
    'Alarmes que pedem atenção de um site (`disp_id`: o site é o dispositivo)',
    PAGE_SIZE.occurrences,
  ),
  /** One system's alarms needing attention (`sisid` required). */
  systemActive: attentionList(
    '/api/ocorrencia/sistema/ativas',
    systemOccurrenceListQuery,
    'Alarmes que pedem atenção de um sistema (`sisid`)',
    PAGE_SIZE.occurrences,
  ),
  /** Alarms needing attention in all the caller's systems. */
  generalActive: attentionList(
    '/api/DataOccurrence/ocorrenciasAtivasGerais',
    occurrenceListQuery,
    'Alarmes que pedem atenção em todos os sistemas do usuário',
    PAGE_SIZE.occurrences,
  ),
  acknowledge: defineRoute({
    method: 'POST',
    path: '/api/ocorrencias/reconhece',
    body: acknowledgeBody,
    answer: acknowledgeResponse,
    errors: {
      400: 'Lista de ids vazia ou inválida',
      401: 'Sem sessão válida',
      404: 'Nenhum id nos sistemas do usuário',
    },
    tags: TAGS,
    summary: 'Reconhece alarmes por id',
    description:
      'Só ids dos sistemas do usuário; nenhum deles → 404 e nada muda. Os já reconhecidos e ' +
      'os eventos ficam como estão (`inalteradas`). Cada reconhecimento é auditado (usuário, ' +
      'hora) e publicado no fluxo de eventos (`occurrence.acknowledged`).',
  }),
};

/** The occurrence lists of spec 000 §7 (each a GET with the occurrence list query). */
export type OccurrenceListRoute = Exclude<
  (typeof OCCURRENCES_API)[keyof typeof OCCURRENCES_API],
  typeof OCCURRENCES_API.acknowledge
>;

export const OCCURRENCE_CONFIG_API = {
  general: fixedConfig(
    '/api/ConfigurationOccurrence/configurationOccurrenceGeneral',
    'Configuração das listas de alarmes ativos',
  ),
  notAcknowledged: fixedConfig(
    '/api/ConfigurationOccurrence/configurationOccurrenceNaoReconhecido',
    'Configuração da lista de alarmes não reconhecidos',
  ),
  historical: fixedConfig(
    '/api/ConfigurationOccurrence/configurationOccurrenceHistorical',
    'Configuração do histórico de ocorrências',
  ),
  siteActive: defineRoute({
    method: 'GET',
    path: '/api/ConfigurationOccurrence/{idSite}/configurationOccurrenceActive',
    params: siteOccurrenceConfigParams,
    answer: siteOccurrenceConfig,
    errors: { 401: 'Sem sessão válida', 404: 'Site fora dos sistemas do usuário' },
    tags: TAGS,
    summary: 'Configuração da lista de alarmes ativos de um site (dispositivo)',
    description: `${CONFIG_DOC} Site fora dos sistemas do usuário → 404.`,
  }),
};
