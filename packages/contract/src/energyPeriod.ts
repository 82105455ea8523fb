import { clampLimit, clampOffset, PLACEHOLDER_NUMBER } from '@vigia/domain';
import { z } from 'zod';
import { MANAGEMENT_TABLE_LIMIT, MINICHART_LIMIT } from './constants.js';
import { isoDay } from './fuel.js';
import { queryId, querySisId } from './ids.js';
import { defineRoute } from './route.js';

/*
 * Energy over a period, computed from the stored kWh counters (spec 000 §3
 * "Energy card", §7 "Generated energy", "Plant cards and table"; 001 §3
 * energy rows). Days are local days (America/Sao_Paulo); a day without
 * counter readings is the text '---' (never zero).
 */

const id = z.number().int();
const epochSeconds = z.coerce.number().int().min(0).max(4_102_444_800);

/** Energy of one day in kWh, or '---' when the counters have no readings that day. */
export const dayEnergy = z.union([z.number(), z.literal(PLACEHOLDER_NUMBER)]);
export type DayEnergy = z.infer<typeof dayEnergy>;

/** Spec 000 §3 Energy card: the period's days, totals and the variation against the previous period. */
export const energyCardFields = {
  /** One point per local day of the period: `ts` its start (epoch seconds). */
  energia: z.array(z.object({ ts: z.number().int(), valor: dayEnergy })),
  /** Mean per day over the days with readings. */
  energiaMedia: z.number().nullable(),
  /** Mean per day of the previous period of equal length. */
  energiaMediaPassada: z.number().nullable(),
  energiaTotal: z.number().nullable(),
  /** energiaMedia − energiaMediaPassada. */
  diferenca: z.number().nullable(),
  /** diferenca in percent of energiaMediaPassada (null when that is 0 or missing). */
  diferencaPorcentagem: z.number().nullable(),
};
export const energyCard = z.object(energyCardFields);
export type EnergyCard = z.infer<typeof energyCard>;

const period = { inicio: z.number().int(), fim: z.number().int() };

/**
 * `inicio`, `fim`: epoch seconds, the local days they touch; absent: the
 * previous 8 days to yesterday. End before start or more than 31 days: 400.
 */
const periodQuery = { inicio: epochSeconds.optional(), fim: epochSeconds.optional() };

/** A plant with its generated energy (the sum over its generators' counters). */
export const plantEnergyCard = z.object({
  id,
  nome: z.string(),
  uf: z.string(),
  sisId: id,
  ...energyCardFields,
});
export type PlantEnergyCard = z.infer<typeof plantEnergyCard>;

export const generatedEnergyQuery = z.object({
  sisid: querySisId.optional(),
  sortby: z.string().trim().max(40).optional(),
  ...periodQuery,
});
export const generatedEnergy = z.object({
  ...period,
  /** All plants together. */
  total: energyCard,
  usinas: z.array(plantEnergyCard),
});
export type GeneratedEnergy = z.infer<typeof generatedEnergy>;

export const plantDailyQuery = z.object(periodQuery);
/** Spec 001 §3 energy row per day: generated (`energia`) and grid (`energiaTotalRede`, the meters). */
export const energyDayRow = z.object({
  ts: z.number().int(),
  data: z.string(),
  energia: dayEnergy,
  energiaTotalRede: dayEnergy,
});
export type EnergyDayRow = z.infer<typeof energyDayRow>;
export const plantDailyEnergy = z.object({
  id,
  nome: z.string(),
  uf: z.string(),
  ...period,
  ...energyCardFields,
  /** Generated energy of the period (= energiaTotal). */
  energiaTotalUsina: z.number().nullable(),
  /** Grid energy of the period (the plant's meters). */
  energiaTotalRede: z.number().nullable(),
  energiaPeriodo: z.array(energyDayRow),
  /** Generated energy of the period per SCD of the plant. */
  energiaPorScd: z.array(z.object({ id, nome: z.string(), energia: z.number().nullable() })),
});
export type PlantDailyEnergy = z.infer<typeof plantDailyEnergy>;

/** `tsdia`: any instant of the local day (epoch seconds); absent: yesterday. */
export const plantDayQuery = z.object({ tsdia: epochSeconds.optional() });
export const plantDayEnergy = z.object({
  id,
  nome: z.string(),
  ts: z.number().int(),
  data: z.string(),
  energiaTotalUsina: dayEnergy,
  energiaTotalRede: dayEnergy,
  /** Every device of the plant with an energy counter, with its energy that day. */
  dispositivos: z.array(
    z.object({
      id,
      nome: z.string(),
      patrimonio: z.string(),
      tipo: z.string(),
      scdId: id.nullable(),
      energia: dayEnergy,
    }),
  ),
});
export type PlantDayEnergy = z.infer<typeof plantDayEnergy>;

/** A device with an energy counter (generator, TFR, meter) and its card. */
export const deviceEnergyCard = z.object({
  id,
  nome: z.string(),
  patrimonio: z.string(),
  tipo: z.string(),
  localNome: z.string(),
  uf: z.string(),
  sisId: id,
  usinaId: id.nullable(),
  scdId: id.nullable(),
  venueId: id.nullable(),
  ...energyCardFields,
});
export type DeviceEnergyCard = z.infer<typeof deviceEnergyCard>;

const managementScope = {
  sisid: querySisId.optional(),
  usinaId: queryId.optional(),
  scdId: queryId.optional(),
  venueId: queryId.optional(),
  sortby: z.string().trim().max(40).optional(),
  /** 'YYYY-MM-DD' local days; absent: the previous 8 days to yesterday. */
  diaDe: isoDay.optional(),
  diaAte: isoDay.optional(),
  /** Only these devices (the filter by name). */
  ids: z
    .preprocess(
      (v) => (typeof v === 'string' ? v.split(',').filter((s) => s.trim() !== '') : v),
      z.array(queryId).max(500),
    )
    .optional(),
  /** Only the devices of this state (UF). */
  uf: z.string().trim().toUpperCase().length(2).optional(),
};
export const managementQuery = z.object(managementScope);
function limitedQuery(limit: number) {
  return z.object({
    ...managementScope,
    offSet: z.preprocess((v) => clampOffset(v), z.number().int().nonnegative()),
    limit: z.preprocess((v) => clampLimit(v, limit), z.number().int().positive()),
  });
}
export const minichartQuery = limitedQuery(MINICHART_LIMIT);
export const managementTableQuery = limitedQuery(MANAGEMENT_TABLE_LIMIT);

export const managementNames = z.array(
  z.object({ id, nome: z.string(), tipo: z.string(), uf: z.string(), localNome: z.string() }),
);
export const stateEnergyCard = z.object({
  uf: z.string(),
  dispositivos: z.number().int().nonnegative(),
  ...energyCardFields,
});
export type StateEnergyCard = z.infer<typeof stateEnergyCard>;
export const managementStates = z.object({ ...period, estados: z.array(stateEnergyCard) });
export const managementPage = z.object({
  ...period,
  total: z.number().int().nonnegative(),
  itens: z.array(deviceEnergyCard),
});
export type ManagementPage = z.infer<typeof managementPage>;

export const generatorEnergyQuery = generatedEnergyQuery;
export const generatorEnergy = z.object({ ...period, geradores: z.array(deviceEnergyCard) });

const TAGS = ['energia'];
const errors = (outside: string) =>
  ({
    400: "Parâmetros inválidos, 'Data Final menor que Data Inicial.' ou 'Por favor, selecione um periodo menor que 31 dias.'",
    401: 'Sem sessão válida',
    404: outside,
  }) as const;
const RULE =
  'Energia por dia local (America/Sao_Paulo) pela diferença do contador cumulativo (kWh; ' +
  'medidores KWH_TOTAL_H em Wh ÷ 1000); uma queda do contador (zerado ou trocado) começa uma ' +
  "nova contagem; dia sem leituras: '---'. Cartão contra o período anterior de mesma duração. " +
  'Período padrão: 8 dias anteriores até ontem. `sortby`: maiorenergia (padrão), menorenergia, ' +
  'variacaopositiva, variacaonegativa.';
const SCOPE =
  '`sisid` (0 ou ausente: todos os sistemas do usuário), `usinaId`, `scdId` ou `venueId` ' +
  '(Gestão de Dispositivos), `uf`, `ids`, `diaDe` e `diaAte` (AAAA-MM-DD). ';

/** Spec 000 §7 "Generated energy", "Plant cards and table" and the customer-specific generators. */
export const ENERGY_PERIOD_API = {
  generatedEnergy: defineRoute({
    method: 'GET',
    path: '/api/energia/usinas/energiagerada',
    query: generatedEnergyQuery,
    answer: generatedEnergy,
    errors: errors('Sistema fora dos sistemas do usuário'),
    tags: TAGS,
    summary: 'Energia gerada por usina no período, por dia, com o cartão de energia',
    description: RULE,
  }),
  plantDailyEnergy: defineRoute({
    method: 'GET',
    path: '/api/energia/usinas/{usinaId}/energiagerada/por_dia',
    params: z.object({ usinaId: queryId }),
    query: plantDailyQuery,
    answer: plantDailyEnergy,
    errors: errors('Usina fora dos sistemas do usuário'),
    tags: TAGS,
    summary: 'Energia gerada e da rede da usina por dia, e por SCD',
    description: RULE,
  }),
  plantDayEnergy: defineRoute({
    method: 'GET',
    path: '/api/energia/usinas/{usinaId}/energiagerada/todos_do_dia',
    params: z.object({ usinaId: queryId }),
    query: plantDayQuery,
    answer: plantDayEnergy,
    errors: errors('Usina fora dos sistemas do usuário'),
    tags: TAGS,
    summary: 'Energia de um dia de cada dispositivo da usina',
    description: RULE,
  }),
  managementNames: defineRoute({
    method: 'GET',
    path: '/api2/energia/scds/nomes',
    query: managementQuery,
    answer: managementNames,
    errors: errors('Sistema ou local fora dos sistemas do usuário'),
    tags: TAGS,
    summary: 'Gestão de Dispositivos: nomes dos dispositivos de energia (filtro por nome)',
    description: SCOPE,
  }),
  managementStates: defineRoute({
    method: 'GET',
    path: '/api2/energia/scds/estados',
    query: managementQuery,
    answer: managementStates,
    errors: errors('Sistema ou local fora dos sistemas do usuário'),
    tags: TAGS,
    summary: 'Gestão de Dispositivos: cartões de energia por estado (UF)',
    description: SCOPE + RULE,
  }),
  managementMinichart: defineRoute({
    method: 'GET',
    path: '/api2/energia/scds/minichart',
    query: minichartQuery,
    answer: managementPage,
    errors: errors('Sistema ou local fora dos sistemas do usuário'),
    tags: TAGS,
    summary: 'Gestão de Dispositivos: minigráficos (limit 6)',
    description: SCOPE + RULE,
  }),
  managementTable: defineRoute({
    method: 'GET',
    path: '/api2/energia/scds/table',
    query: managementTableQuery,
    answer: managementPage,
    errors: errors('Sistema ou local fora dos sistemas do usuário'),
    tags: TAGS,
    summary: 'Gestão de Dispositivos: tabela (limit 16)',
    description: SCOPE + RULE,
  }),
  generatorEnergy: defineRoute({
    method: 'GET',
    path: '/api/v3/energia/geradores',
    query: generatorEnergyQuery,
    answer: generatorEnergy,
    errors: errors('Sistema fora dos sistemas do usuário'),
    tags: TAGS,
    summary: 'Geradores com a energia do período (cartão de energia)',
    description: RULE,
  }),
};
