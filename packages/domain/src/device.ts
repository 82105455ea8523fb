import { titleCase } from './format.js';

export const NOMINAL_PARAMS = ['hzn', 'kwn', 'rpmn', 'vccn', 'vn'] as const;

export type NominalParam = (typeof NOMINAL_PARAMS)[number];
/** A device's nominal values; null where none is registered. */
export type DeviceParams = Record<NominalParam, number | null>;

export interface DeviceParam {
  nome: string;
  valor: number | string | null;
}

/**
 * The nominal values of a device from its `params` list. A parameter that is
 * absent, not a number or not positive (they divide readings) is null: not
 * registered. Spec 001 §3 fills in 500 for each; Vigia does not (issue 27), since
 * a percentage of an invented nominal is a false verdict (a 26,6 Vcc battery
 * read as 5,32 % of 500 Vcc).
 */
export function deviceParams(params: readonly DeviceParam[] | null | undefined): DeviceParams {
  const out = {} as DeviceParams;
  for (const name of NOMINAL_PARAMS) {
    const found = params?.find((p) => p.nome?.trim().toLowerCase() === name);
    const value = found && found.valor !== null && found.valor !== '' ? Number(found.valor) : NaN;
    out[name] = Number.isFinite(value) && value > 0 ? value : null;
  }
  return out;
}

/**
 * A reading in % of its nominal; null without the reading or without a
 * registered nominal (no percentage, no verdict: the value is shown with its unit).
 */
export function percentOfNominal(
  value: number | null | undefined,
  nominal: number | null | undefined,
): number | null {
  if (typeof value !== 'number' || !Number.isFinite(value)) return null;
  if (typeof nominal !== 'number' || !Number.isFinite(nominal) || nominal <= 0) return null;
  return (value / nominal) * 100;
}

/**
 * The nominal of a group (a plant's generators): the sum, or null when any
 * member has none registered, since a partial sum would overstate the load.
 */
export function nominalSum(nominals: readonly (number | null)[]): number | null {
  let sum = 0;
  for (const nominal of nominals) {
    if (nominal === null) return null;
    sum += nominal;
  }
  return sum;
}

/** Spec 001 §3: a device type with no `tipo`. */
export const DEFAULT_DEVICE_TYPE = 'previsao';

/** Spec 001 §3: `tipo` lower-cased, default 'previsao'. */
export function normalizeDeviceType(tipo: string | null | undefined): string {
  const text = typeof tipo === 'string' ? tipo.trim().toLowerCase() : '';
  return text === '' ? DEFAULT_DEVICE_TYPE : text;
}

/** How a device type reads on screen, one and many (never the internal `tipo`). */
export const DEVICE_TYPE_LABELS: Readonly<Record<string, { one: string; many: string }>> = {
  gerador: { one: 'Gerador', many: 'Geradores' },
  qta: { one: 'QTA', many: 'QTA' },
  tfr: { one: 'TFR', many: 'TFR' },
  transformer: { one: 'Transformador', many: 'Transformadores' },
  ups: { one: 'UPS', many: 'UPS' },
  tanque: { one: 'Tanque', many: 'Tanques' },
  medidor: { one: 'Medidor', many: 'Medidores' },
  batmon: { one: 'Monitor de bateria', many: 'Monitores de bateria' },
  io: { one: 'Módulo de I/O', many: 'I/O' },
  geladeira: { one: 'Geladeira', many: 'Geladeiras' },
  plc: { one: 'PLC de gás', many: 'PLC de gás' },
  posto: { one: 'Posto', many: 'Postos' },
  carreta: { one: 'Carreta', many: 'Carretas' },
  usina: { one: 'Usina', many: 'Usinas' },
  scd: { one: 'SCD', many: 'SCDs' },
  qgbt: { one: 'QGBT', many: 'QGBT' },
  previsao: { one: 'Previsão', many: 'Previsões' },
};

/** A device type's name ('batmon' → 'Monitor de bateria'); an unknown type in title case. */
export function deviceTypeLabel(tipo: string | null | undefined): string {
  const key = normalizeDeviceType(tipo);
  return DEVICE_TYPE_LABELS[key]?.one ?? titleCase(key);
}

/** The plural of a device type's name ('batmon' → 'Monitores de bateria'). */
export function deviceTypePlural(tipo: string | null | undefined): string {
  const key = normalizeDeviceType(tipo);
  return DEVICE_TYPE_LABELS[key]?.many ?? titleCase(key);
}

/** Spec 001 §2: the asset number, plus ' - ' and the location name when inside a plant. */
export function siteTitle(
  patrimonio: string | null | undefined,
  localNome: string | null | undefined,
  insidePlant: boolean,
): string {
  const asset = patrimonio?.trim() ?? '';
  const place = localNome?.trim() ?? '';
  return insidePlant && place !== '' ? `${asset} - ${place}` : asset;
}

/** A site named with its state: 'ERB Manaus (AM)', or the name alone without one. */
export function siteWithUf(
  localNome: string | null | undefined,
  uf: string | null | undefined,
): string {
  const place = localNome?.trim() ?? '';
  const state = uf?.trim() ?? '';
  if (place === '') return state;
  return state === '' ? place : `${place} (${state})`;
}

export interface DeviceInfo {
  nome: string;
  unidade?: string | null;
  valorAtual?: { valor: number | null; ts: number | null; qos?: number | null } | null;
}

/** A device's reading by name (exact name first, then ignoring case). */
export function findInfo(
  infos: readonly DeviceInfo[] | null | undefined,
  nome: string,
): DeviceInfo | undefined {
  if (!infos) return undefined;
  const lower = nome.toLowerCase();
  return infos.find((i) => i.nome === nome) ?? infos.find((i) => i.nome?.toLowerCase() === lower);
}

/** The current value of a reading, or null when absent. */
export function infoValue(infos: readonly DeviceInfo[] | null | undefined, nome: string) {
  const value = findInfo(infos, nome)?.valorAtual?.valor;
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

/** The newest reading timestamp (epoch seconds) among a device's infos, or null. */
export function lastReadingTs(infos: readonly DeviceInfo[] | null | undefined): number | null {
  let newest: number | null = null;
  for (const info of infos ?? []) {
    const ts = info.valorAtual?.ts;
    if (typeof ts === 'number' && Number.isFinite(ts) && (newest === null || ts > newest)) {
      newest = ts;
    }
  }
  return newest;
}
