import type { Tone } from './tone.js';

/**
 * ISA-18.2 alarm states. 'normal' is cleared and acknowledged (the row stays in
 * history lists); events (`isEvt`) are records, not alarm states.
 */
export type AlarmState =
  | 'event'
  | 'active-unacknowledged'
  | 'active-acknowledged'
  | 'cleared-unacknowledged'
  | 'normal';

export const ALARM_STATES: readonly AlarmState[] = [
  'event',
  'active-unacknowledged',
  'active-acknowledged',
  'cleared-unacknowledged',
  'normal',
];

/** The occurrence fields that decide its state. 0 counts as "no time" like null. */
export interface AlarmTimes {
  isEvt?: boolean | number | null;
  horaDesativacao?: number | null;
  horaAck?: number | null;
}

export interface AlarmRowStyle {
  /** Row background from spec 001 §4, hex. */
  color: string;
  label: string;
  tone: Tone;
}

function hasTime(value: number | null | undefined): boolean {
  return typeof value === 'number' && Number.isFinite(value) && value > 0;
}

export function isEvent(isEvt: boolean | number | null | undefined): boolean {
  return isEvt === true || (typeof isEvt === 'number' && isEvt !== 0);
}

export function alarmState(o: AlarmTimes): AlarmState {
  if (isEvent(o.isEvt)) return 'event';
  const cleared = hasTime(o.horaDesativacao);
  const acknowledged = hasTime(o.horaAck);
  if (!cleared) return acknowledged ? 'active-acknowledged' : 'active-unacknowledged';
  return acknowledged ? 'normal' : 'cleared-unacknowledged';
}

/**
 * Spec 001 §4 "Alarm row colours", in the reading ARCHITECTURE.md chose (ISA-18.2 order).
 * The event label is Vigia's own: the spec gives events a colour but no label.
 */
export const ALARM_ROW_STYLES: Readonly<Record<AlarmState, AlarmRowStyle>> = {
  event: { color: '#FFFFFF', label: 'Evento', tone: 'neutral' },
  'active-unacknowledged': { color: '#FFA8A8', label: 'Alarme Ativo', tone: 'bad' },
  'active-acknowledged': { color: '#FFFFA8', label: 'Alarme Reconhecido', tone: 'warning' },
  'cleared-unacknowledged': { color: '#DAF49B', label: 'Alarme Desativado', tone: 'good' },
  normal: { color: '#E4E6F8', label: 'Alarme Desativado e Reconhecido', tone: 'info' },
};

export function alarmRowStyle(state: AlarmState): AlarmRowStyle {
  return ALARM_ROW_STYLES[state];
}

export function isAlarmActive(state: AlarmState): boolean {
  return state === 'active-unacknowledged' || state === 'active-acknowledged';
}

/** Only alarms still waiting for an acknowledgement can be acknowledged; events cannot. */
export function canAcknowledge(o: AlarmTimes): boolean {
  const state = alarmState(o);
  return state === 'active-unacknowledged' || state === 'cleared-unacknowledged';
}

/** Spec 001 §4: alarm rows in simple lists are critical when critico is at least 17. */
export const ALARM_CRITICAL_MIN = 17;

export type AlarmSeverity = 'critical' | 'attention';

export function alarmSeverity(critico: number): AlarmSeverity {
  return critico >= ALARM_CRITICAL_MIN ? 'critical' : 'attention';
}

export const SEVERITY_LABEL: Readonly<Record<AlarmSeverity, string>> = {
  critical: 'Crítico',
  attention: 'Atenção',
};

export const SEVERITY_TONE: Readonly<Record<AlarmSeverity, Tone>> = {
  critical: 'bad',
  attention: 'warning',
};
