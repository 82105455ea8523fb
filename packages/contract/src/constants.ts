import type { HealthPlanList } from '@vigia/domain';

// Values the console uses at run time. This module imports no zod: the
// console bundle takes constants from here, and a constant kept beside a
// schema would take the schema and zod along (the build checks it).

/** Sort fields of the device list. */
export const DEVICE_ORDER_FIELDS = [
  'nome',
  'patrimonio',
  'tipo',
  'localNome',
  'uf',
  'id',
  'ultimaLeitura',
  'alarmTreeMapValue',
] as const;

export const BATTERY_ORDER_FIELDS = ['percentual', 'vcc', 'nome', 'localNome', 'uf'] as const;

export const POWER_ORDER_FIELDS = [
  'severidade',
  'percentual',
  'kw',
  'nome',
  'localNome',
  'uf',
] as const;

export const LOADSPEED_ORDER_FIELDS = [
  'loadSpeed',
  'severidade',
  'nome',
  'localNome',
  'uf',
] as const;

export const TANK_ORDER_FIELDS = [
  'critico',
  'nivel',
  'litros',
  'temperatura',
  'nome',
  'localNome',
  'uf',
] as const;

/** Spec 000 §9: plant mini charts limit 6, plant management table limit 16. */
export const MINICHART_LIMIT = 6;

export const MANAGEMENT_TABLE_LIMIT = 16;

/** `motivo` of the list query: absent is the initial list. */
export const HEALTH_PLAN_MOTIVO = { withoutReason: 'sem', all: 'todos' } as const;

/** The `motivo` value that asks for one of the three lists of `@vigia/domain`'s HealthPlanList. */
export function healthPlanMotivo(list: HealthPlanList): 'sem' | 'todos' | undefined {
  if (list === 'withoutReason') return HEALTH_PLAN_MOTIVO.withoutReason;
  if (list === 'all') return HEALTH_PLAN_MOTIVO.all;
  return undefined;
}

/** Longest reason accepted. */
export const MAX_REASON_LENGTH = 1000;

/**
 * `orderBy`: only the activation time is index-backed. Empty, absent,
 * 'horaAtivacao' or 'horaAtivacao desc': newest first (the default);
 * 'horaAtivacao asc': oldest first. Case and spacing are not significant.
 * Parsed to the direction.
 */
export const OCCURRENCE_ORDERS = ['horaAtivacao desc', 'horaAtivacao asc'] as const;

/**
 * Bits of an occurrence configuration's `acesso` (Vigia's reading of spec 001 §6
 * "occurrence features depend on an occurrence-config access flag").
 */
export const OCCURRENCE_ACCESS = {
  /** Rows can be selected and acknowledged. */
  reconhecer: 1,
  /** The history filter (period, text, event and alert flags). */
  historico: 2,
  /** The events toggle (active only ↔ active plus events). */
  eventos: 4,
} as const;

/**
 * `tipoSite` of `/api/ConfigurationResumeSite/{tipoSite}/…` and
 * `/api/DataResumeSite/{tipoSite}/…`: the four site-table variants. A row
 * click opens the site (device), plant, SCD or venue.
 */
export const TIPO_SITE = { dispositivo: 1, usina: 2, scd: 3, venue: 4 } as const;
