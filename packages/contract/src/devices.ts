import { clampLimit, clampOffset, PAGE_SIZE } from '@vigia/domain';
import { z } from 'zod';
import { DEVICE_ORDER_FIELDS } from './constants.js';
import { queryId, querySisId } from './ids.js';
import { defineRoute } from './route.js';

/*
 * Devices: the rows every list screen and panel reads (spec 001 §3 "Device or
 * site"), the query vocabulary shared by the device, site and energy lists,
 * and the device calls of spec 000 §7 "Devices".
 */

const id = z.number().int();

export { queryId, querySisId };

/** Query flag: 'true'/'1' or 'false'/'0' (a plain `z.coerce.boolean()` reads 'false' as true). */
export const queryFlag = z
  .enum(['true', 'false', '1', '0'])
  .transform((value) => value === 'true' || value === '1');

/** Most names a call may ask for at once. */
export const MAX_NAMES = 200;

/**
 * A list of names in a query: repeated (`nomes=kW&nomes=Hz`) or comma
 * separated (`nomes=kW,Hz`); blanks are dropped.
 */
export const queryNames = z
  .union([z.string(), z.array(z.string())])
  .transform((value) =>
    (Array.isArray(value) ? value : [value])
      .flatMap((part) => part.split(','))
      .map((part) => part.trim())
      .filter((part) => part !== ''),
  )
  .pipe(z.array(z.string().max(100)).max(MAX_NAMES));

/** Text filter (`filtroTexto`): matched ignoring case against names, asset number, place and UF. */
export const textFilter = z.string().trim().max(100);

/**
 * Paging of every list (spec 000 §3/§9): `offSet` from 0, `limit` 50 by
 * default. A missing or unreadable limit is the default and anything above
 * MAX_PAGE_SIZE is capped (domain `clampLimit`), never refused.
 */
export const pageQuery = {
  offSet: z.preprocess((value) => clampOffset(value), z.number().int().nonnegative()),
  limit: z.preprocess((value) => clampLimit(value, PAGE_SIZE.lists), z.number().int().positive()),
  filtroTexto: textFilter.optional(),
};

export interface OrderBy<F extends string> {
  campo: F;
  desc: boolean;
}

/**
 * `orderBy`: a field name, optionally followed by `asc` or `desc`
 * (`nome`, `alarmTreeMapValue desc`). Unknown fields are refused (400).
 */
export function orderByQuery<const F extends readonly [string, ...string[]]>(fields: F) {
  const fieldEnum = z.enum(fields);
  return z
    .string()
    .trim()
    .max(60)
    .transform((text) => {
      const [campo = '', direction = 'asc'] = text.split(/\s+/);
      return { campo, direcao: direction.toLowerCase() };
    })
    .pipe(z.object({ campo: fieldEnum, direcao: z.enum(['asc', 'desc']) }))
    .transform((o): OrderBy<F[number]> => ({ campo: o.campo, desc: o.direcao === 'desc' }));
}

/** A paged answer: `total` rows match, `itens` is the requested page. */
export function paged<T extends z.ZodType>(item: T) {
  return z.object({ total: z.number().int().nonnegative(), itens: z.array(item) });
}

/** The newest value of a reading. */
export const valorAtual = z.object({
  valor: z.number(),
  /** Epoch seconds. */
  ts: z.number().int(),
  qos: z.number().int(),
});
export type ValorAtual = z.infer<typeof valorAtual>;

/** One reading of a device (spec 001 §3 `infos`). `valorAtual` is null when it never arrived. */
export const deviceInfo = z.object({
  nome: z.string(),
  apelido: z.string(),
  unidade: z.string(),
  valorAtual: valorAtual.nullable(),
});
export type DeviceInfoRow = z.infer<typeof deviceInfo>;

/** A device parameter (spec 001 §3 `params`): nominal values hzn, kwn, rpmn, vccn, vn, capacidade … */
export const deviceParam = z.object({
  nome: z.string(),
  valor: z.union([z.number(), z.string()]).nullable(),
});
export type DeviceParamRow = z.infer<typeof deviceParam>;

/** Domain `communicationSummary` of the newest reading time. */
export const resumoComunicacao = z.enum(['online', '>1 dia offline', 'offline', 'nunca comunicou']);

/**
 * A device ("site") as every list and panel reads it. `resumoComunicacao`
 * comes from the newest reading time (`ultimaLeitura`); `alarmTreeMapValue`
 * counts its active alarms (occurrences not cleared, events excluded);
 * `equipamento` is the device model (template) name.
 */
export const deviceRow = z.object({
  id,
  nome: z.string(),
  patrimonio: z.string(),
  /** Lower-case type: gerador, qta, tfr, ups, tanque, medidor, batmon, io, geladeira, plc, posto, … */
  tipo: z.string(),
  templateDispositivoId: id,
  equipamento: z.string(),
  localNome: z.string(),
  uf: z.string(),
  lat: z.number().nullable(),
  longi: z.number().nullable(),
  sisId: id,
  usinaId: id.nullable(),
  scdId: id.nullable(),
  venueId: id.nullable(),
  grupoId: id.nullable(),
  energyCenterId: id.nullable(),
  resumoComunicacao,
  /** Epoch seconds of the newest reading; null: never communicated. */
  ultimaLeitura: z.number().int().nullable(),
  /** Modem signal (reading `netAntenaSignal`), null when the device does not report it. */
  netAntenaSignal: z.number().nullable(),
  alarmTreeMapValue: z.number().int().nonnegative(),
  infos: z.array(deviceInfo),
  params: z.array(deviceParam),
});
export type DeviceRow = z.infer<typeof deviceRow>;

export type DeviceOrderField = (typeof DEVICE_ORDER_FIELDS)[number];

/**
 * Which devices: every filter narrows; places must be the caller's (else 404).
 * `tipo` takes one type or several comma-separated (`tipo=ups` for the UPS
 * list, `tipo=medidor` for energy meters …).
 */
export const deviceSelectionQuery = {
  sisid: querySisId.optional(),
  tipo: queryNames.optional(),
  usinaId: queryId.optional(),
  scdId: queryId.optional(),
  venueId: queryId.optional(),
  idGrupoDispositivo: queryId.optional(),
  energycenterId: queryId.optional(),
};

/**
 * `GET /api/dispositivos/infosFiltro`: the generic device list behind every
 * list screen. `nomes` limits `infos` to those readings (default: all).
 * `funcionando=true` keeps generators that are on (status bit 64 and online,
 * domain `isGeneratorRunning`): the "generators running" list. `regime=prime`
 * keeps prime generators (parameter `regime`). `comunicacao=offline` keeps the
 * devices whose data is not current (domain `dataQuality`: stale, DESATUALIZADO,
 * or without communication), `online` the others: the homes' offline lists.
 */
export const infosFiltroQuery = z.object({
  ...deviceSelectionQuery,
  ...pageQuery,
  orderBy: orderByQuery(DEVICE_ORDER_FIELDS).optional(),
  nomes: queryNames.optional(),
  funcionando: queryFlag.optional(),
  regime: z.enum(['prime', 'standby']).optional(),
  comunicacao: z.enum(['online', 'offline']).optional(),
});
export type InfosFiltroQuery = z.input<typeof infosFiltroQuery>;

export const deviceRowPage = paged(deviceRow);
export type DeviceRowPage = z.infer<typeof deviceRowPage>;

/** Body of the `infosLista` calls: the reading names wanted; empty or absent: all of them. */
export const infosListaBody = z.object({
  nomes: z.array(z.string().trim().min(1).max(100)).max(MAX_NAMES).default([]),
});
export type InfosListaBody = z.input<typeof infosListaBody>;

/** `POST /api/taginfo/v2/dispositivo/id/infosLista?idDispositivo=`: one device with the named readings. */
export const deviceInfosListaQuery = z.object({ idDispositivo: queryId });

/**
 * `POST /api/taginfo/v2/dispositivos/infosLista`: the energy-center device
 * call (spec 000 §7): devices by `sisid` and `tipo`, or by
 * `idGrupoDispositivo`, or by `energycenterId`, each with the named readings.
 * At least one selector is required. Paged like the device list.
 */
export const devicesInfosListaQuery = z.object({
  ...deviceSelectionQuery,
  ...pageQuery,
  orderBy: orderByQuery(DEVICE_ORDER_FIELDS).optional(),
});

/** `POST /api/dispositivos/{idDispositivo}/parametros`: optional body limiting the names. */
export const parametrosBody = z
  .object({ nomes: z.array(z.string().trim().min(1).max(100)).max(MAX_NAMES).optional() })
  .nullish();
export const parametrosResponse = z.array(deviceParam);

export const deviceIdParams = z.object({ idDispositivo: queryId });

/** Spec 001 §3 "Tag info": `GET /api/DataTag/tag?idDispositivo=&nomes=`. */
export const tagInfo = z.object({
  id,
  nome: z.string(),
  apelido: z.string(),
  unidade: z.string(),
  dispositivo_id: id,
  valorAtual: valorAtual.nullable(),
  scaleMax: z.number().nullable(),
  scaleMin: z.number().nullable(),
  nominal: z.number().nullable(),
});
export type TagInfo = z.infer<typeof tagInfo>;
export const dataTagQuery = z.object({ idDispositivo: queryId, nomes: queryNames.optional() });
export const dataTagResponse = z.array(tagInfo);

const TAGS = ['dispositivos'];

const ERRORS = {
  400: 'Parâmetros inválidos',
  401: 'Sem sessão válida',
  404: 'Dispositivo ou local fora dos sistemas do usuário',
} as const;

/** Spec 000 §7 "Devices": the device list, one device's readings, the energy-center call, parameters, tags. */
export const DEVICES_API = {
  /** The generic device list behind every list screen (response cache). */
  list: defineRoute({
    method: 'GET',
    path: '/api/dispositivos/infosFiltro',
    query: infosFiltroQuery,
    answer: deviceRowPage,
    errors: ERRORS,
    tags: TAGS,
    summary: 'Lista de dispositivos com leituras, comunicação e alarmes (paginada)',
    description:
      'A lista genérica por trás das telas de lista: `tipo=gerador|qta|tfr|ups|batmon|io|' +
      'geladeira|medidor|posto|…` (um ou vários separados por vírgula), `usinaId`, `scdId`, ' +
      '`venueId`, `idGrupoDispositivo`, `energycenterId`; `funcionando=true` (geradores ' +
      'ligados), `regime=prime` (geradores prime); `comunicacao=offline` (dados não atuais: ' +
      'DESATUALIZADO ou sem comunicação) ou `online`; `nomes` limita `infos`. `orderBy`: ' +
      '`campo [asc|desc]`. Padrão: 50 por página, ordem por nome.',
  }),
  /** One device with the named readings (response cache). */
  readings: defineRoute({
    method: 'POST',
    path: '/api/taginfo/v2/dispositivo/id/infosLista',
    query: deviceInfosListaQuery,
    body: infosListaBody,
    answer: deviceRow,
    errors: ERRORS,
    tags: TAGS,
    summary: 'Um dispositivo com as leituras pedidas em `nomes` (vazio: todas)',
  }),
  /** The energy-center device call (response cache). */
  energyCenterDevices: defineRoute({
    method: 'POST',
    path: '/api/taginfo/v2/dispositivos/infosLista',
    query: devicesInfosListaQuery,
    body: infosListaBody,
    answer: deviceRowPage,
    errors: ERRORS,
    tags: TAGS,
    summary: 'Dispositivos do energy center com as leituras pedidas em `nomes`',
    description:
      'Seleção por `sisid` e `tipo`, ou `idGrupoDispositivo`, ou `energycenterId` ' +
      '(também `venueId`, `usinaId`, `scdId`); ao menos um seletor além de `sisid`. ' +
      'Paginada como a lista de dispositivos.',
  }),
  params: defineRoute({
    method: 'POST',
    path: '/api/dispositivos/{idDispositivo}/parametros',
    params: deviceIdParams,
    body: parametrosBody,
    answer: parametrosResponse,
    errors: ERRORS,
    tags: TAGS,
    summary: 'Parâmetros do dispositivo (nominais hzn, kwn, rpmn, vccn, vn, capacidade …)',
    description:
      'Corpo opcional `{ nomes }` limita a lista. Aqui vêm só os valores cadastrados; um ' +
      'nominal ausente não é inventado (domínio `deviceParams`: null, sem percentual).',
  }),
  tags: defineRoute({
    method: 'GET',
    path: '/api/DataTag/tag',
    query: dataTagQuery,
    answer: dataTagResponse,
    errors: ERRORS,
    tags: TAGS,
    summary: 'Tags de um dispositivo com valor atual, escala e nominal',
    description: '`nomes` (repetido ou separado por vírgula) limita as tags; padrão: todas.',
  }),
};
