import { z } from 'zod';
import { HEALTH_PLAN_MOTIVO, MAX_REASON_LENGTH } from './constants.js';
import { bodyId, queryId, querySisId } from './ids.js';
import { alarmStateSchema } from './occurrences.js';
import { defineRoute } from './route.js';

/**
 * Health-plan occurrence review (spec 000 §7 "Customer-specific", 001 §4
 * "Health-plan list toggles", §7, §8): the hospital cluster list, saving a
 * reason (`motivoEdit`) on the same origin (ARCHITECTURE.md) and the reading
 * history of a device around an occurrence.
 */

const entityId = queryId;
const epochSeconds = z.coerce.number().int().min(0).max(4_102_444_800);

/**
 * `GET /api2/ocorrencias/sync/list`. The period is required (epoch seconds, at
 * most 31 days). `motivo`: absent → the period's alarms (initial list); 'sem' →
 * those without a reason; 'todos' → every occurrence of the period, events included.
 * `sisid` narrows to one system (0 or absent: all the caller's health-plan systems).
 */
export const healthPlanListQuery = z.object({
  dataInicio: epochSeconds,
  dataFim: epochSeconds,
  motivo: z.enum([HEALTH_PLAN_MOTIVO.withoutReason, HEALTH_PLAN_MOTIVO.all]).optional(),
  sisid: querySisId.optional(),
  offSet: z.coerce.number().int().min(0).optional(),
  /** Default and cap: MAX_PAGE_SIZE. The `X-Total-Count` header carries the full count. */
  limit: z.coerce.number().int().min(1).optional(),
});
export type HealthPlanListQuery = z.input<typeof healthPlanListQuery>;

/** Hospital cluster row (spec 001 §3: site_id, dispositivo_id, motivo, id) with what the review shows. */
export const healthPlanRow = z.object({
  id: z.number().int(),
  site_id: z.number().int(),
  dispositivo_id: z.number().int(),
  motivo: z.string().nullable(),
  idSistema: z.number().int(),
  critico: z.number().int(),
  isEvt: z.boolean(),
  horaAtivacao: z.number().int(),
  horaDesativacao: z.number().int().nullable(),
  horaAck: z.number().int().nullable(),
  nomeAlarme: z.string(),
  valorFalha: z.number().nullable(),
  patrimonio: z.string(),
  localNome: z.string(),
  uf: z.string(),
  estado: alarmStateSchema,
});
export type HealthPlanRow = z.infer<typeof healthPlanRow>;
export const healthPlanList = z.array(healthPlanRow);

/** `POST|PUT /api2/ocorrencias/sync/update`. */
export const healthPlanUpdateBody = z.object({
  id: bodyId,
  motivoEdit: z.string().max(MAX_REASON_LENGTH),
});
export type HealthPlanUpdateBody = z.infer<typeof healthPlanUpdateBody>;

/** Success: `mensagem` is 'Motivo cadastrada com sucesso.'. Failure: `{ error: 'Motivo não cadastrada.' }`. */
export const healthPlanUpdateResponse = z.object({
  id: z.number().int(),
  motivo: z.string(),
  mensagem: z.string(),
});
export type HealthPlanUpdateResponse = z.infer<typeof healthPlanUpdateResponse>;

/** Most points one series of `/api2/ref/info/list/nome` returns (the newest are kept). */
export const MAX_INFO_POINTS = 10_000;

/**
 * `GET /api2/ref/info/list/nome`: the readings of device `dispositivo` between
 * `inicio` and `fim` (epoch seconds, at most 31 days), by info name. `nome`
 * (comma-separated) picks infos; absent: all the device's infos.
 */
export const infoHistoryQuery = z.object({
  dispositivo: entityId,
  inicio: epochSeconds,
  fim: epochSeconds,
  nome: z
    .string()
    .max(2000)
    .transform((v) =>
      v
        .split(',')
        .map((n) => n.trim())
        .filter((n) => n.length > 0),
    )
    .optional(),
});
export type InfoHistoryQuery = z.input<typeof infoHistoryQuery>;

export const infoPoint = z.object({
  ts: z.number().int(),
  valor: z.number(),
  qos: z.number().int(),
});
export const infoSeries = z.object({
  nome: z.string(),
  apelido: z.string(),
  unidade: z.string(),
  serie: z.array(infoPoint),
});
export type InfoSeries = z.infer<typeof infoSeries>;
export const infoHistoryResponse = z.array(infoSeries);

const TAGS = ['plano de saúde'];
const ERRORS = {
  400: 'Parâmetros inválidos ou período maior que 31 dias',
  401: 'Sem sessão válida',
  404: 'Fora dos sistemas do usuário',
} as const;

/** Under `/api2` (same origin, bearer token): spec 000 §7 "Customer-specific", 001 §4. */
export const HEALTH_PLAN_API = {
  list: defineRoute({
    method: 'GET',
    path: '/api2/ocorrencias/sync/list',
    query: healthPlanListQuery,
    answer: healthPlanList,
    errors: ERRORS,
    tags: TAGS,
    summary: 'Ocorrências do período para a revisão do plano de saúde',
    description:
      '`dataInicio`/`dataFim` em segundos (no máximo 31 dias). `motivo` ausente: os alarmes ' +
      'do período (lista inicial); `sem`: os alarmes sem motivo; `todos`: todas as ocorrências ' +
      'do período, eventos incluídos. Só sistemas com plano de saúde; `sisid` restringe a um. ' +
      '`offSet`/`limit` (padrão e máximo 500); `X-Total-Count` traz o total.',
  }),
  /** POST or PUT (the spec does not show the method). */
  update: defineRoute({
    method: 'POST',
    alsoMethods: ['PUT'],
    path: '/api2/ocorrencias/sync/update',
    body: healthPlanUpdateBody,
    answer: healthPlanUpdateResponse,
    errors: ERRORS,
    tags: TAGS,
    summary: 'Grava o motivo de uma ocorrência (revisão do plano de saúde)',
    description:
      "Sucesso: `mensagem` 'Motivo cadastrada com sucesso.'. Ocorrência fora dos sistemas com " +
      "plano de saúde do usuário: 404 `{ error: 'Motivo não cadastrada.' }`. Motivo vazio: 400.",
  }),
  infoHistory: defineRoute({
    method: 'GET',
    path: '/api2/ref/info/list/nome',
    query: infoHistoryQuery,
    answer: infoHistoryResponse,
    // Up to 10,000 points per reading of the device: checking them held the event loop.
    uncheckedAnswer: true,
    errors: ERRORS,
    tags: TAGS,
    summary: 'Leituras de um dispositivo no período, por nome de informação',
    description:
      '`dispositivo` (fora dos sistemas do usuário → 404), `inicio`/`fim` em segundos (no ' +
      'máximo 31 dias), `nome` opcional (nomes separados por vírgula; ausente: todas). Até ' +
      `${MAX_INFO_POINTS} pontos por série (os mais recentes), do mais antigo ao mais novo.`,
  }),
};
