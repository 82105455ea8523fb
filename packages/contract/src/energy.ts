import { PLANT_SORTS } from '@vigia/domain';
import { z } from 'zod';
import {
  BATTERY_ORDER_FIELDS,
  LOADSPEED_ORDER_FIELDS,
  POWER_ORDER_FIELDS,
  TANK_ORDER_FIELDS,
} from './constants.js';
import {
  deviceIdParams,
  deviceRow,
  orderByQuery,
  pageQuery,
  queryId,
  queryNames,
  querySisId,
  resumoComunicacao,
} from './devices.js';
import { ENERGY_PERIOD_API } from './energyPeriod.js';
import { defineRoute } from './route.js';
import { placeRef } from './sites.js';

/*
 * Energy device reads and analysis lists of spec 000 §7 "Energy".
 */

const id = z.number().int();

/**
 * Energy of the last 24 hours from the `kWh` counters (kWh now minus kWh
 * 24 h ago) and of the 24 hours before; `diferenca` and
 * `diferencaPorcentagem` are the domain's `energyVariation` of the two. Null
 * where a counter has no reading that far back.
 */
export const energySummary = z.object({
  energia24h: z.number().nullable(),
  energia24hAnterior: z.number().nullable(),
  diferenca: z.number().nullable(),
  diferencaPorcentagem: z.number().nullable(),
});
export type EnergySummary = z.infer<typeof energySummary>;

/**
 * `sortby` of the energy reads: the plant sorts (`maiorenergia` default,
 * `menorenergia`, `variacaopositiva`, `variacaonegativa`, domain
 * `plantComparator` on `energia24h` and `diferencaPorcentagem`) or `nome`.
 * An unknown value is the default (domain `parsePlantSort`).
 */
export const ENERGY_SORTS = [...PLANT_SORTS, 'nome'] as const;
export const energyListQuery = z.object({
  sisid: querySisId.optional(),
  sortby: z.string().trim().max(40).optional(),
  /** Readings listed in `infos` of generator and TFR rows (default: all). */
  nomes: queryNames.optional(),
});
/** One generator or TFR (`/api/energia/geradores/{idDispositivo}`): `nomes` as in the list. */
export const energyDeviceQuery = z.object({ nomes: queryNames.optional() });
/** A plant's generators or TFRs: the plant is the scope, so no `sisid`. */
export const plantEnergyQuery = energyListQuery.omit({ sisid: true });
/** Plants and SCDs: no readings listed, so no `nomes`. */
export const placeEnergyQuery = energyListQuery.omit({ nomes: true });

/** A generator or transfer panel (TFR) with its energy. */
export const energyDeviceRow = deviceRow.extend({ energia: energySummary });
export type EnergyDeviceRow = z.infer<typeof energyDeviceRow>;
export const energyDeviceList = z.array(energyDeviceRow);

/** Totals over a place's devices. Generators count as on by domain `isGeneratorRunning`. */
const placeTotals = {
  dispositivos: z.number().int().nonnegative(),
  online: z.number().int().nonnegative(),
  alarmTreeMapValue: z.number().int().nonnegative(),
  /** The freshest device's summary. */
  resumoComunicacao,
  ultimaLeitura: z.number().int().nullable(),
  geradores: z.number().int().nonnegative(),
  geradoresLigados: z.number().int().nonnegative(),
  /** Sum of the generators' `kW` now. */
  potenciaAtual: z.number().nullable(),
  /**
   * Sum of the generators' nominal power (`kwn`, domain `nominalSum`); null when
   * a generator has none registered.
   */
  potenciaNominal: z.number().nullable(),
  /** Generated energy: the sum over the place's generators. */
  energia: energySummary,
};

/** `GET /api/energia/usinas` and `/api/energia/usinas/{usinaId}`. */
export const plantRow = z.object({
  id,
  nome: z.string(),
  uf: z.string(),
  lat: z.number(),
  longi: z.number(),
  sisId: id,
  scds: z.array(placeRef),
  ...placeTotals,
});
export type PlantRow = z.infer<typeof plantRow>;
export const plantList = z.array(plantRow);
export const plantParams = z.object({ usinaId: queryId });

/** `GET /api/energia/scds` and `/api/energia/scds/{scdId}`. */
export const scdRow = z.object({
  id,
  nome: z.string(),
  uf: z.string(),
  lat: z.number(),
  longi: z.number(),
  sisId: id,
  usina: placeRef.nullable(),
  ...placeTotals,
});
export type ScdRow = z.infer<typeof scdRow>;
export const scdList = z.array(scdRow);
export const scdParams = z.object({ scdId: queryId });

/** Where an analysis row lives, for the click that opens it. */
const analysisBase = {
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
  resumoComunicacao,
  ultimaLeitura: z.number().int().nullable(),
  alarmTreeMapValue: z.number().int().nonnegative(),
};

/** Domain severity of a value: 'critical' ('Crítico') or 'attention' ('Atenção'); null outside the bands. */
export const severityBand = z.enum(['critical', 'attention']).nullable();

/**
 * Analysis lists (spec 000 §7): `sisid`, `usinaId`, `scdId`, `venueId`,
 * paging (50 by default), `filtroTexto`, `orderBy`; `severidade` keeps the
 * rows of one band. The answer counts the rows of each band.
 */
const analysisQuery = {
  sisid: querySisId.optional(),
  usinaId: queryId.optional(),
  scdId: queryId.optional(),
  venueId: queryId.optional(),
  ...pageQuery,
};
const severityFilter = z.enum(['critical', 'attention']).optional();

function analysisPage<T extends z.ZodType>(item: T) {
  return z.object({
    total: z.number().int().nonnegative(),
    criticos: z.number().int().nonnegative(),
    atencao: z.number().int().nonnegative(),
    itens: z.array(item),
  });
}

/**
 * `GET /api/energia/analise/baterias`: every device reporting `Vcc` (battery
 * voltage) against its nominal `vccn` (domain `deviceParams`, null when not
 * registered); `percentual` = Vcc / vccn × 100 (domain `percentOfNominal`), null
 * without `vccn`; `chave` is the mains switch word
 * `chaveRede` decoded by domain `mainsSwitchState` (32768 FECHADA, else
 * ABERTA, null without the reading). Default order: lowest percent first.
 */
export const batteryRow = z.object({
  ...analysisBase,
  vcc: z.number().nullable(),
  vccn: z.number().nullable(),
  percentual: z.number().nullable(),
  ts: z.number().int().nullable(),
  chave: z.enum(['FECHADA', 'ABERTA']).nullable(),
});
export type BatteryRow = z.infer<typeof batteryRow>;
export const batteryQuery = z.object({
  ...analysisQuery,
  orderBy: orderByQuery(BATTERY_ORDER_FIELDS).optional(),
});
export const batteryPage = analysisPage(batteryRow);

/**
 * `GET /api/energia/analise/potencias`: generators' active power against
 * their nominal (`percentual` = kW / kwn × 100, domain `percentOfNominal`) with
 * domain `powerPercentSeverity` (1 to 30 Crítico, above 30 Atenção); without a
 * registered `kwn`, no percentage and no band. Default order:
 * critical first, then lowest percent.
 */
export const powerRow = z.object({
  ...analysisBase,
  kw: z.number().nullable(),
  kwn: z.number().nullable(),
  percentual: z.number().nullable(),
  ts: z.number().int().nullable(),
  severidade: severityBand,
});
export type PowerRow = z.infer<typeof powerRow>;
export const powerQuery = z.object({
  ...analysisQuery,
  severidade: severityFilter,
  orderBy: orderByQuery(POWER_ORDER_FIELDS).optional(),
});
export const powerPage = analysisPage(powerRow);

/**
 * `GET /api/energia/analise/loadspeeds`: generators' `LoadSpeed` with domain
 * `loadSpeedSeverity` (80 or more Crítico, 65 to 79 Atenção). Default order:
 * highest first.
 */
export const loadSpeedRow = z.object({
  ...analysisBase,
  loadSpeed: z.number().nullable(),
  ts: z.number().int().nullable(),
  severidade: severityBand,
});
export type LoadSpeedRow = z.infer<typeof loadSpeedRow>;
export const loadSpeedQuery = z.object({
  ...analysisQuery,
  severidade: severityFilter,
  orderBy: orderByQuery(LOADSPEED_ORDER_FIELDS).optional(),
});
export const loadSpeedPage = analysisPage(loadSpeedRow);

/**
 * `GET /api/energia/tanques` (spec 001 §3 "Tank"): `nivel` (reading `nivel`,
 * or litros / capacidade), `temperatura` and `litros` from the readings,
 * `capacidade` from the parameters, `status` the tank word with its domain
 * `tankStatus` texts. `critico` is how empty the tank is (100 − nivel), so a
 * tank at 15 % is critico 85; `cor` is domain `tankColor(critico)` (≥ 80 red,
 * 65 to 80 yellow) and `faixa` domain `tankLevelBand(nivel)`. Default order:
 * most critical first. `severidade` here: critical = red, attention = yellow.
 */
export const tankRow = z.object({
  ...analysisBase,
  critico: z.number().nullable(),
  nivel: z.number().nullable(),
  temperatura: z.number().nullable(),
  litros: z.number().nullable(),
  capacidade: z.number().nullable(),
  ts: z.number().int().nullable(),
  status: z.number().nullable(),
  statusTexto: z.array(z.string()),
  cor: z.enum(['red', 'yellow', 'white']),
  faixa: z.enum(['below-25', '25-50', '50-100', 'full']).nullable(),
});
export type TankRow = z.infer<typeof tankRow>;
export const tankQuery = z.object({
  ...analysisQuery,
  severidade: severityFilter,
  orderBy: orderByQuery(TANK_ORDER_FIELDS).optional(),
});
export const tankPage = analysisPage(tankRow);

const TAGS = ['energia'];
const SORT_NOTE =
  '`sortby`: maiorenergia (padrão), menorenergia, variacaopositiva, variacaonegativa ' +
  '(energia das últimas 24 h pelo contador kWh e sua variação sobre as 24 h anteriores) ou nome.';

const errors = (outside: string) =>
  ({ 400: 'Parâmetros inválidos', 401: 'Sem sessão válida', 404: outside }) as const;

/** The three reads of one device type (`geradores`, `tfrs`): all, one, and a plant's. */
function energyDeviceCalls<const S extends string>(segment: S, label: string) {
  return {
    list: defineRoute({
      method: 'GET',
      path: `/api/energia/${segment}`,
      query: energyListQuery,
      answer: energyDeviceList,
      errors: errors('Sistema fora dos sistemas do usuário'),
      tags: TAGS,
      summary: `${label} com leituras, comunicação, alarmes e energia`,
      description: `\`sisid\` 0 ou ausente: todos os sistemas do usuário. ${SORT_NOTE}`,
    }),
    one: defineRoute({
      method: 'GET',
      path: `/api/energia/${segment}/{idDispositivo}`,
      params: deviceIdParams,
      query: energyDeviceQuery,
      answer: energyDeviceRow,
      errors: errors('Dispositivo fora dos sistemas do usuário'),
      tags: TAGS,
      summary: `Um dos ${label} com leituras e energia`,
      description:
        'Qualquer dispositivo do usuário é respondido (o `tipo` da linha diz o que ele é); ' +
        'fora dos sistemas do usuário: 404.',
    }),
    ofPlant: defineRoute({
      method: 'GET',
      path: `/api/energia/usinas/{usinaId}/${segment}`,
      params: plantParams,
      query: plantEnergyQuery,
      answer: energyDeviceList,
      errors: errors('Usina fora dos sistemas do usuário'),
      tags: TAGS,
      summary: `${label} da usina com leituras e energia`,
      description: SORT_NOTE,
    }),
  };
}

const GENERATORS = energyDeviceCalls('geradores', 'Geradores');
const TRANSFER_PANELS = energyDeviceCalls('tfrs', 'TFRs (painéis de transferência)');

/** Spec 000 §7 "Energy": generators, transfer panels, plants and SCDs with live totals and energy. */
export const ENERGY_API = {
  generators: GENERATORS.list,
  generator: GENERATORS.one,
  plantGenerators: GENERATORS.ofPlant,
  transferPanels: TRANSFER_PANELS.list,
  transferPanel: TRANSFER_PANELS.one,
  plantTransferPanels: TRANSFER_PANELS.ofPlant,
  plants: defineRoute({
    method: 'GET',
    path: '/api/energia/usinas',
    query: placeEnergyQuery,
    answer: plantList,
    errors: errors('Sistema fora dos sistemas do usuário'),
    tags: TAGS,
    summary: 'Usinas com totais dos dispositivos, potência e energia dos geradores',
    description: SORT_NOTE,
  }),
  plant: defineRoute({
    method: 'GET',
    path: '/api/energia/usinas/{usinaId}',
    params: plantParams,
    answer: plantRow,
    errors: errors('Usina fora dos sistemas do usuário'),
    tags: TAGS,
    summary: 'Uma usina com totais, potência e energia',
  }),
  scds: defineRoute({
    method: 'GET',
    path: '/api/energia/scds',
    query: placeEnergyQuery,
    answer: scdList,
    errors: errors('Sistema fora dos sistemas do usuário'),
    tags: TAGS,
    summary: 'SCDs com totais dos dispositivos, potência e energia dos geradores',
    description: SORT_NOTE,
  }),
  scd: defineRoute({
    method: 'GET',
    path: '/api/energia/scds/{scdId}',
    params: scdParams,
    answer: scdRow,
    errors: errors('SCD fora dos sistemas do usuário'),
    tags: TAGS,
    summary: 'Um SCD com totais, potência e energia',
  }),
  ...ENERGY_PERIOD_API,
};

const PAGING =
  '`sisid` (0 ou ausente: todos os sistemas do usuário), `usinaId`, `scdId`, `venueId`, ' +
  '`offSet`, `limit` (50), `filtroTexto`, `orderBy` (`campo [asc|desc]`). `total` conta as ' +
  'linhas do filtro; `criticos` e `atencao` contam as faixas antes do filtro `severidade`.';

/** One paged analysis list: its path, its query (order fields, severity) and its row. */
function analysisList<const P extends string, Q extends z.ZodType, A extends z.ZodType>(
  path: P,
  query: Q,
  answer: A,
  summary: string,
  description = PAGING,
) {
  return defineRoute({
    method: 'GET',
    path,
    query,
    answer,
    errors: errors('Sistema ou local fora dos sistemas do usuário'),
    tags: TAGS,
    summary,
    description,
  });
}

/**
 * Spec 000 §7: the analysis lists (battery, power, load speed) and the tank
 * list, keyed by the name of each list (the last segment of its path).
 */
export const ANALYSIS_API = {
  baterias: analysisList(
    '/api/energia/analise/baterias',
    batteryQuery,
    batteryPage,
    'Status das baterias: Vcc contra o nominal vccn e a chave da rede',
  ),
  potencias: analysisList(
    '/api/energia/analise/potencias',
    powerQuery,
    powerPage,
    'Potência dos geradores em % do nominal, com a severidade (1 a 30 Crítico, > 30 Atenção)',
  ),
  loadspeeds: analysisList(
    '/api/energia/analise/loadspeeds',
    loadSpeedQuery,
    loadSpeedPage,
    'LoadSpeed dos geradores com a severidade (≥ 80 Crítico, 65 a 79 Atenção)',
  ),
  tanques: analysisList(
    '/api/energia/tanques',
    tankQuery,
    tankPage,
    'Tanques: nível, litros, capacidade, temperatura, status e cor (crítico ≥ 80)',
    `${PAGING} \`critico\` = 100 − nível (quanto falta para encher).`,
  ),
};

/** The name of an analysis list (`baterias`, `potencias`, `loadspeeds`, `tanques`). */
export type AnalysisKind = keyof typeof ANALYSIS_API;
