import { MAX_PAGE_SIZE, MESSAGES, parseIsoDate } from '@vigia/domain';
import { z } from 'zod';
import { bodyId, queryId } from './ids.js';
import { defineRoute } from './route.js';

/**
 * Fuel (spec 000 §2/§3/§7 "Fuel", 001 §3/§4/§5): daily consumption entered per
 * site (a device) and local day (America/Sao_Paulo), and the per-site
 * configuration of which sites take entries and their reference value.
 *
 * The spec's user id query values (`usuario_id`, `userId`, `userid`) are
 * accepted and ignored: the server always acts as the caller.
 */

const entityId = queryId;
/** A user id the spec sends along; ignored by the server (the caller's own id is used). */
const ignoredUserId = queryId.optional();

/** A local day, 'YYYY-MM-DD'. */
export const isoDay = z
  .string()
  .trim()
  .refine((text) => parseIsoDate(text) !== null, { message: MESSAGES.invalidPeriod });

/** Litres: a number, not negative (a text or a negative value is refused). */
const litres = z
  .number({ error: MESSAGES.invalidFuelValue })
  .finite({ error: MESSAGES.invalidFuelValue })
  .min(0, { error: MESSAGES.invalidFuelValue })
  .max(10_000_000, { error: MESSAGES.invalidFuelValue });

/** One site's consumption on one day (spec 001 §3 "Fuel entry per site"). */
export const fuelEntryRow = z.object({
  siteId: z.number().int(),
  nomeSite: z.string(),
  patrimonio: z.string(),
  ufSite: z.string(),
  localNome: z.string(),
  usinaId: z.number().int().nullable(),
  scdId: z.number().int().nullable(),
  dataRef: z.string(),
  /** Null: nothing saved for the day yet. */
  consumoLitros: z.number().nullable(),
  /** The site's reference value (the saved one once the day is entered). */
  valorReferencia: z.number().nullable(),
  /** Who entered the day. */
  userId: z.number().int().nullable(),
  usuarioNome: z.string().nullable(),
  /** Epoch seconds of the entry. */
  registradoEm: z.number().int().nullable(),
});
export type FuelEntryRow = z.infer<typeof fuelEntryRow>;
export const fuelEntryList = z.array(fuelEntryRow);

/** `GET /api/combustivel/consumoDiario`: every enabled site of a system (or of one SCD) on a day. */
export const dailyFuelQuery = z.object({
  sis_id: entityId,
  usuario_id: ignoredUserId,
  /** Default: today (America/Sao_Paulo). */
  dataRef: isoDay.optional(),
  /** Vigia's: only the sites of this SCD (the SCD's manual consumption screen). */
  scdid: entityId.optional(),
});
export type DailyFuelQuery = z.input<typeof dailyFuelQuery>;

/** `GET consumoDiarioUsina`: the saved days of a plant's sites; default the last 30 days. */
export const plantFuelQuery = z.object({
  usinaId: entityId,
  dataInicial: isoDay.optional(),
  dataFinal: isoDay.optional(),
});

/** A day with enabled sites still without an entry. */
export const incompleteDay = z.object({
  dataRef: z.string(),
  sitesHabilitados: z.number().int(),
  sitesSemEntrada: z.number().int(),
});
export type IncompleteDay = z.infer<typeof incompleteDay>;
export const incompleteDayList = z.array(incompleteDay);

export const incompleteSystemQuery = z.object({ sisid: entityId, userId: ignoredUserId });
export const incompleteScdQuery = z.object({ scdid: entityId });

/** A site's fuel configuration (spec 001 §3 "Fuel config"). */
export const fuelConfigRow = z.object({
  siteId: z.number().int(),
  nome: z.string(),
  patrimonio: z.string(),
  ufSite: z.string(),
  localNome: z.string(),
  scdId: z.number().int().nullable(),
  /** 0 or 1. */
  habilitado: z.union([z.literal(0), z.literal(1)]),
  /** Integer litres. */
  valorReferencia: z.number().int(),
  atualizadoEm: z.number().int(),
  atualizadoPor: z.string().nullable(),
});
export type FuelConfigRow = z.infer<typeof fuelConfigRow>;
export const fuelConfigList = z.array(fuelConfigRow);

/** `GET config`: `sisid`, or `cliente_id` (the client system) alone; both must agree. */
export const systemFuelConfigQuery = z
  .object({
    sisid: entityId.optional(),
    cliente_id: entityId.optional(),
    userid: ignoredUserId,
  })
  .refine((q) => q.sisid !== undefined || q.cliente_id !== undefined, {
    message: 'Informe sisid.',
    path: ['sisid'],
  })
  .refine((q) => q.sisid === undefined || q.cliente_id === undefined || q.sisid === q.cliente_id, {
    message: 'sisid e cliente_id diferentes.',
    path: ['cliente_id'],
  });

export const scdFuelConfigQuery = z.object({ scdid: entityId });

/**
 * `POST atualizaConsumoDiario`: the consumos list. Each entry it can is saved;
 * one of a disabled site or of a day already saved is refused (`recusadas`),
 * the others saved. Nothing saved: the first refusal is a 400 or 409.
 */
export const saveFuelEntriesBody = z.object({
  consumos: z
    .array(
      z.object({
        siteId: bodyId,
        dataRef: isoDay,
        consumoLitros: litres,
      }),
    )
    .min(1)
    .max(MAX_PAGE_SIZE),
});
export type SaveFuelEntriesBody = z.infer<typeof saveFuelEntriesBody>;
export const saveFuelEntriesAnswer = z.object({
  mensagem: z.string(),
  adicionadas: z.number(),
  /** The entries not saved, each with its reason in Portuguese. */
  recusadas: z.array(z.object({ siteId: z.number().int(), dataRef: isoDay, error: z.string() })),
});

/** `POST updateConfigs`: the changed configurations. All are saved, or none. */
export const updateFuelConfigsBody = z.object({
  configs: z
    .array(
      z.object({
        siteId: bodyId,
        habilitado: z.union([z.literal(0), z.literal(1)]),
        valorReferencia: z
          .number({ error: MESSAGES.invalidReferenceValue })
          .int({ error: MESSAGES.invalidReferenceValue })
          .min(0, { error: MESSAGES.invalidReferenceValue })
          .max(10_000_000, { error: MESSAGES.invalidReferenceValue }),
      }),
    )
    .min(1)
    .max(MAX_PAGE_SIZE),
});
export type UpdateFuelConfigsBody = z.infer<typeof updateFuelConfigsBody>;
export const updateFuelConfigsAnswer = z.object({ mensagem: z.string(), alteradas: z.number() });

/**
 * A fuel asset (a site with a fuel configuration: a tank, a plant's generator)
 * for 'Combustível - Patrimonios': what it holds now, what was entered of its
 * consumption in the last FUEL_LISTING_DAYS days and its last refuel.
 */
export const fuelAssetRow = z.object({
  siteId: z.number().int(),
  nome: z.string(),
  patrimonio: z.string(),
  tipo: z.string(),
  localNome: z.string(),
  ufSite: z.string(),
  usinaId: z.number().int().nullable(),
  scdId: z.number().int().nullable(),
  venueId: z.number().int().nullable(),
  /** 0 or 1: takes daily entries. */
  habilitado: z.union([z.literal(0), z.literal(1)]),
  /** Litres the tank holds; null when the device does not say. */
  capacidadeLitros: z.number().nullable(),
  /** Litres now; null without a reading (or without a capacity for a level in %). */
  litros: z.number().nullable(),
  /** Level in percent now; null without a reading. */
  nivel: z.number().nullable(),
  /** Epoch seconds of that reading. */
  ts: z.number().int().nullable(),
  /** Litres entered over the period, the days entered and their average. */
  consumoPeriodo: z.number(),
  diasRegistrados: z.number().int(),
  consumoMedioDiario: z.number().nullable(),
  /** Days the volume lasts at that average; null when either is unknown. */
  autonomiaDias: z.number().nullable(),
  /** The newest entered day, 'YYYY-MM-DD'. */
  ultimaEntrada: z.string().nullable(),
  /** The last refuel found in the period: hour (epoch seconds) and litres. */
  ultimoAbastecimento: z.number().int().nullable(),
  ultimoAbastecimentoLitros: z.number().nullable(),
});
export type FuelAssetRow = z.infer<typeof fuelAssetRow>;
export const fuelAssetList = z.array(fuelAssetRow);

/** A refuel found in a tank's history (domain `detectRefuels`). */
export const refuelRow = z.object({
  siteId: z.number().int(),
  nome: z.string(),
  patrimonio: z.string(),
  localNome: z.string(),
  ufSite: z.string(),
  /** Start of the hour the volume rose in, epoch seconds. */
  inicio: z.number().int(),
  antes: z.number(),
  depois: z.number(),
  litros: z.number(),
  capacidadeLitros: z.number().nullable(),
});
export type RefuelRow = z.infer<typeof refuelRow>;
export const refuelList = z.array(refuelRow);

/** A system's fuel assets, or only a venue's of it. */
export const fuelAssetsQuery = z.object({ sisid: entityId, venueId: entityId.optional() });
export type FuelAssetsQuery = z.input<typeof fuelAssetsQuery>;

/** Refuels of a system's (or a venue's) assets between two days; default the last 30 days. */
export const refuelsQuery = z.object({
  sisid: entityId,
  venueId: entityId.optional(),
  dataInicial: isoDay.optional(),
  dataFinal: isoDay.optional(),
});
export type RefuelsQuery = z.input<typeof refuelsQuery>;

const TAGS = ['combustível'];
const READ_ERRORS = {
  400: 'Parâmetros inválidos',
  401: 'Sem sessão válida',
  404: 'Sistema, usina ou SCD fora do usuário, ou sem combustível',
} as const;

export const FUEL_API = {
  daily: defineRoute({
    method: 'GET',
    path: '/api/combustivel/consumoDiario',
    query: dailyFuelQuery,
    answer: fuelEntryList,
    errors: READ_ERRORS,
    tags: TAGS,
    summary: 'Consumo de um dia em cada site habilitado do sistema (ou de um SCD)',
    description: '`usuario_id` é ignorado: o servidor usa o usuário da sessão.',
  }),
  plant: defineRoute({
    method: 'GET',
    path: '/api/combustivel/consumoDiarioUsina',
    query: plantFuelQuery,
    answer: fuelEntryList,
    errors: READ_ERRORS,
    tags: TAGS,
    summary: 'Consumos registrados nos sites de uma usina num período (padrão: 30 dias)',
  }),
  incomplete: defineRoute({
    method: 'GET',
    path: '/api/combustivel/consumoDiarioIncompleto',
    query: incompleteSystemQuery,
    answer: incompleteDayList,
    errors: READ_ERRORS,
    tags: TAGS,
    summary: 'Dias dos últimos 30 com site habilitado sem consumo registrado',
    description: '`userId` é ignorado: o servidor usa o usuário da sessão.',
  }),
  incompleteScd: defineRoute({
    method: 'GET',
    path: '/api/combustivel/consumoDiarioIncompletoScd',
    query: incompleteScdQuery,
    answer: incompleteDayList,
    errors: READ_ERRORS,
    tags: TAGS,
    summary: 'Dias dos últimos 30 com site do SCD sem consumo registrado',
  }),
  config: defineRoute({
    method: 'GET',
    path: '/api/combustivel/config',
    query: systemFuelConfigQuery,
    answer: fuelConfigList,
    errors: READ_ERRORS,
    tags: TAGS,
    summary: 'Configuração de combustível de cada site do sistema',
    description: '`userid` é ignorado: o servidor usa o usuário da sessão.',
  }),
  configUnique: defineRoute({
    method: 'GET',
    path: '/api/combustivel/configUnique',
    query: scdFuelConfigQuery,
    answer: fuelConfigList,
    errors: READ_ERRORS,
    tags: TAGS,
    summary: 'Configuração de combustível dos sites de um SCD',
  }),
  assets: defineRoute({
    method: 'GET',
    path: '/api/combustivel/patrimonios',
    query: fuelAssetsQuery,
    answer: fuelAssetList,
    errors: READ_ERRORS,
    tags: TAGS,
    summary:
      'Patrimônios com combustível do sistema (ou de uma venue): volume, consumo e autonomia',
    description:
      'Consumo dos últimos 30 dias registrado na entrada diária; último abastecimento detectado ' +
      'no histórico do volume.',
  }),
  refuels: defineRoute({
    method: 'GET',
    path: '/api/combustivel/abastecimentos',
    query: refuelsQuery,
    answer: refuelList,
    errors: READ_ERRORS,
    tags: TAGS,
    summary:
      'Abastecimentos detectados no histórico do volume dos tanques num período (padrão: 30 dias)',
    description:
      'Um abastecimento é uma subida do volume de ao menos 5% da capacidade (e 20 L), por hora.',
  }),
  saveEntries: defineRoute({
    method: 'POST',
    path: '/api/combustivel/atualizaConsumoDiario',
    body: saveFuelEntriesBody,
    answer: saveFuelEntriesAnswer,
    status: 201,
    errors: {
      400: 'Litros negativos ou não numéricos, dia futuro, nenhuma entrada de site habilitado',
      401: 'Sem sessão válida',
      404: 'Site fora do usuário',
      409: 'Dia já registrado para o site (nenhuma entrada gravada)',
    },
    tags: TAGS,
    summary:
      'Registra os consumos diários válidos; os recusados (site desabilitado, dia já registrado) voltam em recusadas',
  }),
  updateConfigs: defineRoute({
    method: 'POST',
    path: '/api/combustivel/updateConfigs',
    body: updateFuelConfigsBody,
    answer: updateFuelConfigsAnswer,
    errors: {
      400: 'Valor de referência inválido',
      401: 'Sem sessão válida',
      404: 'Site fora do usuário ou sem configuração de combustível',
    },
    tags: TAGS,
    summary: 'Altera habilitado e valor de referência de sites (todos ou nenhum)',
  }),
};
