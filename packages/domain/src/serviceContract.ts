import { addDays, isoDate, parseIsoDate, today } from './date.js';
import { MESSAGES, PLACEHOLDER_NUMBER } from './messages.js';
import type { Tone } from './tone.js';

/**
 * Service contracts of a cluster or venue (spec 000 §2 names only the screens
 * 'Contratos' and 'Adiciona Contrato'; the rest is Vigia's own). A contract
 * runs from `inicio` to `fim`, both days included, as 'YYYY-MM-DD' in
 * Brasília time; its status follows from those dates and today.
 */
export type ContractStatus = 'vigente' | 'aVencer' | 'vencido' | 'futuro';

export const CONTRACT_STATUSES: readonly ContractStatus[] = [
  'vigente',
  'aVencer',
  'vencido',
  'futuro',
];

/** A running contract ending within this many days is 'A vencer'. */
export const CONTRACT_DUE_SOON_DAYS = 30;

export const CONTRACT_STATUS_LABEL: Readonly<Record<ContractStatus, string>> = {
  vigente: 'Vigente',
  aVencer: 'A vencer',
  vencido: 'Vencido',
  futuro: 'Futuro',
};

export const CONTRACT_STATUS_TONE: Readonly<Record<ContractStatus, Tone>> = {
  vigente: 'good',
  aVencer: 'warning',
  vencido: 'bad',
  futuro: 'info',
};

export function isContractStatus(value: unknown): value is ContractStatus {
  return typeof value === 'string' && (CONTRACT_STATUSES as readonly string[]).includes(value);
}

/**
 * The days that separate the statuses on a given day: before `today` a contract
 * has ended, up to `dueLimit` a running one is due soon. The server filters by
 * these, so a list filtered by status and the status shown agree.
 */
export interface ContractStatusBounds {
  /** 'YYYY-MM-DD' */
  today: string;
  /** 'YYYY-MM-DD': today plus CONTRACT_DUE_SOON_DAYS. */
  dueLimit: string;
}

export function contractStatusBounds(now: Date): ContractStatusBounds {
  const day = today(now);
  return { today: isoDate(day), dueLimit: isoDate(addDays(day, CONTRACT_DUE_SOON_DAYS)) };
}

/** The status of a contract from its dates ('YYYY-MM-DD' texts order as days). */
export function contractStatus(
  period: { inicio: string; fim: string },
  bounds: ContractStatusBounds,
): ContractStatus {
  if (period.fim < bounds.today) return 'vencido';
  if (period.inicio > bounds.today) return 'futuro';
  if (period.fim <= bounds.dueLimit) return 'aVencer';
  return 'vigente';
}

/** 'dd/MM/yyyy' of a contract day ('YYYY-MM-DD'); '---' when it is not a date. */
export function formatContractDay(day: string | null | undefined): string {
  const d = parseIsoDate(day);
  if (!d) return PLACEHOLDER_NUMBER;
  return `${String(d.day).padStart(2, '0')}/${String(d.month).padStart(2, '0')}/${d.year}`;
}

export const CONTRACT_NUMBER_MAX = 40;
export const CONTRACT_CUSTOMER_MAX = 120;
export const CONTRACT_NOTES_MAX = 2000;
export const CONTRACT_DEVICES_MAX = 500;

export interface ContractInput {
  numero: string;
  cliente: string;
  /** 'YYYY-MM-DD' */
  inicio: string;
  fim: string;
  dispositivoIds: readonly number[];
}

/**
 * The first problem of a contract as typed, in pt-BR, or null. The form shows
 * it before sending and the server answers it with a 400.
 */
export function validateContract(input: ContractInput): string | null {
  if (input.numero.trim() === '') return MESSAGES.contractNumberRequired;
  if (input.cliente.trim() === '') return MESSAGES.contractCustomerRequired;
  const inicio = parseIsoDate(input.inicio);
  const fim = parseIsoDate(input.fim);
  if (!inicio || !fim) return MESSAGES.contractDatesRequired;
  if (input.fim < input.inicio) return MESSAGES.endBeforeStart;
  if (input.dispositivoIds.length === 0) return MESSAGES.contractDevicesRequired;
  return null;
}
