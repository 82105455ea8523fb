import type { AlarmSeverity } from './alarm.js';

/**
 * Spec 001 §4 "Other colour and threshold rules". Each returns the severity, or null
 * when the value is in no band (no colour). Labels and tones: SEVERITY_LABEL / SEVERITY_TONE.
 */

/** Power percent 1 to 30 Crítico, above 30 Atenção. */
export function powerPercentSeverity(percent: number | null | undefined): AlarmSeverity | null {
  if (typeof percent !== 'number' || !Number.isFinite(percent)) return null;
  if (percent > 30) return 'attention';
  if (percent >= 1) return 'critical';
  return null;
}

export const LOAD_SPEED_CRITICAL_MIN = 80;
export const LOAD_SPEED_ATTENTION_MIN = 65;

/** Load speed 80 or more Crítico, 65 to 79 Atenção. */
export function loadSpeedSeverity(value: number | null | undefined): AlarmSeverity | null {
  if (typeof value !== 'number' || !Number.isFinite(value)) return null;
  if (value >= LOAD_SPEED_CRITICAL_MIN) return 'critical';
  if (value >= LOAD_SPEED_ATTENTION_MIN) return 'attention';
  return null;
}

export const PRIME_GENERATOR_CRITICAL_MIN = 17;

/** Prime generator critical at 17 or more. */
export function isPrimeGeneratorCritical(value: number | null | undefined): boolean {
  return typeof value === 'number' && value >= PRIME_GENERATOR_CRITICAL_MIN;
}
