import { calendarDaysInclusive } from './date.js';
import { MESSAGES } from './messages.js';

/** ARCHITECTURE.md: a period covers at most 31 calendar days, both ends inclusive. */
export const MAX_PERIOD_DAYS = 31;

export interface PeriodOptions {
  /** Monthly grouping (reports by month, fuel entry in grouping mode) has no span limit. */
  monthly?: boolean;
}

/**
 * Spec 001 §5: end before start gives 'Data Final menor que Data Inicial.'; more than
 * 31 calendar days gives 'Por favor, selecione um periodo menor que 31 dias.'. Null when valid.
 */
export function validatePeriod(
  startMs: number,
  endMs: number,
  opts: PeriodOptions = {},
): string | null {
  if (!Number.isFinite(startMs) || !Number.isFinite(endMs)) return MESSAGES.invalidPeriod;
  if (endMs < startMs) return MESSAGES.endBeforeStart;
  if (!opts.monthly && calendarDaysInclusive(startMs, endMs) > MAX_PERIOD_DAYS) {
    return MESSAGES.periodTooLong;
  }
  return null;
}

/** `validatePeriod` for wire values (`inicio`, `fim` in epoch seconds). */
export function validatePeriodSec(
  inicio: number,
  fim: number,
  opts: PeriodOptions = {},
): string | null {
  return validatePeriod(inicio * 1000, fim * 1000, opts);
}

/** Spec 000 §5: the validity key of the password confirmation field. */
export const PASSWORD_CONFIRMATION_KEY = 'password';

/** Spec 000 §5: valid only if its value equals the designated other field (no message). */
export function passwordConfirmationValid(
  value: string | null | undefined,
  other: string | null | undefined,
) {
  return (value ?? '') === (other ?? '');
}

/** Vigia's own password policy for a password change. */
export const MIN_PASSWORD_LENGTH = 8;

export function validateNewPassword(password: string, confirmation: string): string | null {
  if (password.length < MIN_PASSWORD_LENGTH) return MESSAGES.passwordTooShort;
  if (!passwordConfirmationValid(confirmation, password)) return MESSAGES.passwordMismatch;
  return null;
}

function isBlank(value: unknown): boolean {
  return (
    value === null || value === undefined || (typeof value === 'string' && value.trim() === '')
  );
}

const TIME = /^([01]\d|2[0-3]):([0-5]\d)(?::([0-5]\d))?$/;

/** Seconds since midnight of 'HH:mm' or 'HH:mm:ss', or null when it is not a time. */
export function parseTimeOfDay(text: string | null | undefined): number | null {
  const match = typeof text === 'string' ? TIME.exec(text.trim()) : null;
  if (!match) return null;
  return Number(match[1]) * 3600 + Number(match[2]) * 60 + Number(match[3] ?? 0);
}

/** Spec 001 §5: the create form checks only Monday to Friday for "at least one weekday". */
export const SCHEDULE_CHECKED_WEEKDAYS: readonly number[] = [0, 1, 2, 3, 4];

export interface ScheduleCreateInput {
  usuarioId?: number | string | null;
  entrada?: string | null;
  saida?: string | null;
  /** `dia_semana` values chosen: 0 Monday … 6 Sunday. */
  diasSemana?: readonly number[] | null;
}

function validateScheduleTimes(entrada: string, saida: string): string | null {
  const entry = parseTimeOfDay(entrada);
  const exit = parseTimeOfDay(saida);
  if (entry === null || exit === null) return MESSAGES.scheduleFieldsRequired;
  return exit > entry ? null : MESSAGES.scheduleTimesIncompatible;
}

/**
 * Spec 001 §5 schedule create: entry, exit and user required and at least one weekday,
 * else 'Todos os campos devem ser preenchidos.'; exit not after entry gives
 * 'Horario de entrada e saída incompatíveis.'.
 */
export function validateScheduleCreate(input: ScheduleCreateInput): string | null {
  const days = input.diasSemana ?? [];
  const hasWeekday = days.some((day) => SCHEDULE_CHECKED_WEEKDAYS.includes(day));
  if (isBlank(input.usuarioId) || isBlank(input.entrada) || isBlank(input.saida) || !hasWeekday) {
    return MESSAGES.scheduleFieldsRequired;
  }
  return validateScheduleTimes(input.entrada as string, input.saida as string);
}

export interface ScheduleEditInput {
  usuarioNome?: string | null;
  usuarioLogin?: string | null;
  entrada?: string | null;
  saida?: string | null;
}

/** Spec 001 §5 schedule edit: name, login, entry, exit required, same messages. */
export function validateScheduleEdit(input: ScheduleEditInput): string | null {
  if (
    isBlank(input.usuarioNome) ||
    isBlank(input.usuarioLogin) ||
    isBlank(input.entrada) ||
    isBlank(input.saida)
  ) {
    return MESSAGES.scheduleFieldsRequired;
  }
  return validateScheduleTimes(input.entrada as string, input.saida as string);
}

/** Spec 001 §5: removal with no target or item: 'Problema na Remoção de usuário'. */
export function validateScheduleRemoval(
  target: { id?: number | string | null } | null | undefined,
): string | null {
  return target && !isBlank(target.id) ? null : MESSAGES.scheduleRemoveFailed;
}

/** Spec 001 §5: sending with no command selected gives 'Nenhum comando selecionado.'. */
export function validateCommandSelection(commandId: number | string | null | undefined) {
  return isBlank(commandId) ? MESSAGES.noCommandSelected : null;
}

/** Spec 001 §5: deleting a comment without an id gives 'Comentario não pode ser apagado'. */
export function validateCommentDeletion(id: number | string | null | undefined): string | null {
  return isBlank(id) ? MESSAGES.commentDeleteFailed : null;
}

/** Vigia's own: a health-plan reason (motivo) may not be blank. */
export function validateReason(motivo: string | null | undefined): string | null {
  return isBlank(motivo) ? MESSAGES.reasonRequired : null;
}

export interface FuelEntryRow {
  /** The value typed on screen. */
  combustivelTela?: number | string | null;
  /** The consumption already saved for the day. */
  consumoLitros?: number | null;
}

/** Spec 001 §5: submit is enabled only if some row has a typed value and no saved consumption. */
export function fuelEntrySubmitEnabled(rows: readonly FuelEntryRow[]): boolean {
  return rows.some(
    (row) =>
      !isBlank(row.combustivelTela) &&
      (row.consumoLitros === null || row.consumoLitros === undefined),
  );
}

export interface FuelConfigRow {
  habilitado: number | boolean | null;
  valorReferencia: number | null;
  /** Screen state: the checkbox … */
  checkHabilitado?: boolean | null;
  /** … and the reference value being edited. */
  valorReferenciaTela?: number | string | null;
}

function sameReference(saved: number | null, screen: number | string | null | undefined) {
  if (screen === undefined) return true;
  if (isBlank(screen)) return saved === null;
  return Number(screen) === saved;
}

/** Spec 001 §5: config save is enabled only if a reference value changed or the enabled flag flipped. */
export function fuelConfigSaveEnabled(configs: readonly FuelConfigRow[]): boolean {
  return configs.some((config) => {
    const enabled = config.habilitado === true || config.habilitado === 1;
    const flipped =
      config.checkHabilitado !== undefined &&
      config.checkHabilitado !== null &&
      config.checkHabilitado !== enabled;
    return flipped || !sameReference(config.valorReferencia, config.valorReferenciaTela);
  });
}
