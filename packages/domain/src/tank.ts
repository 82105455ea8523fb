import { hasBit } from './bits.js';
import type { Tone } from './tone.js';

/**
 * Spec 001 §4 tank bits: 1 valve closed, 8 blocked, 16 empty, 24 not full.
 * Bit 1 is a flag; bits 8 and 16 form one two-bit field whose value 24 means "not full".
 * pt-BR labels are Vigia's translation.
 */
export const TANK_VALVE_CLOSED = 'Válvula fechada';
export const TANK_FIELD_LABELS: Readonly<Record<number, string>> = {
  8: 'Bloqueado',
  16: 'Vazio',
  24: 'Não cheio',
};

export function tankStatus(status: number | null | undefined): string[] {
  if (typeof status !== 'number' || !Number.isFinite(status)) return [];
  const messages: string[] = [];
  if (hasBit(status, 1)) messages.push(TANK_VALVE_CLOSED);
  const field = TANK_FIELD_LABELS[Math.trunc(status) & 24];
  if (field) messages.push(field);
  return messages;
}

export type TankColor = 'red' | 'yellow' | 'white';

export const TANK_CRITICAL_MIN = 80;
export const TANK_ATTENTION_MIN = 65;

/** Spec 001 §4: critico at or above 80 red; 65 to under 80 yellow; otherwise white. */
export function tankColor(critico: number | null | undefined): TankColor {
  if (typeof critico !== 'number' || !Number.isFinite(critico)) return 'white';
  if (critico >= TANK_CRITICAL_MIN) return 'red';
  if (critico >= TANK_ATTENTION_MIN) return 'yellow';
  return 'white';
}

export const TANK_COLOR_TONE: Readonly<Record<TankColor, Tone>> = {
  red: 'bad',
  yellow: 'warning',
  white: 'neutral',
};

/** How empty a tank is: a level of 15 % is critico 85; no level (or a negative one): null. */
export function tankCritico(nivel: number | null | undefined): number | null {
  if (typeof nivel !== 'number' || !Number.isFinite(nivel) || nivel < 0) return null;
  return Math.max(0, 100 - nivel);
}

/**
 * The colour of a fuel level in percent (a generator's tank) by the tank rule
 * of spec 001 §4: critico 80 or more (20 % or less) red, 65 to 80 (up to 35 %)
 * yellow; otherwise none, as a normal level takes no colour.
 */
export function fuelLevelTone(nivel: number | null | undefined): Tone | undefined {
  const color = tankColor(tankCritico(nivel));
  return color === 'white' ? undefined : TANK_COLOR_TONE[color];
}

/** Spec 001 §4 general tank legend. */
export const TANK_LEGEND: readonly { color: TankColor; label: string }[] = [
  { color: 'red', label: 'Crítico' },
  { color: 'yellow', label: 'Atenção' },
];

export type TankLevelBand = 'below-25' | '25-50' | '50-100' | 'full';

/** Spec 001 §4 table legends: below 25 %, 25 to 49.9 %, 50 to 99.9 %, 100 %. */
export const TANK_LEVEL_BANDS: readonly { band: TankLevelBand; label: string; tone: Tone }[] = [
  { band: 'below-25', label: 'Abaixo de 25%', tone: 'bad' },
  { band: '25-50', label: '25% a 49,9%', tone: 'warning' },
  { band: '50-100', label: '50% a 99,9%', tone: 'info' },
  { band: 'full', label: '100%', tone: 'good' },
];

/** The legend band of a level in percent; null when there is no level (or it is negative). */
export function tankLevelBand(percent: number | null | undefined): TankLevelBand | null {
  if (typeof percent !== 'number' || !Number.isFinite(percent) || percent < 0) return null;
  if (percent < 25) return 'below-25';
  if (percent < 50) return '25-50';
  if (percent < 100) return '50-100';
  return 'full';
}

/** Level in percent from litres and capacity; null without a positive capacity. */
export function tankLevelPercent(
  litros: number | null | undefined,
  capacidade: number | null | undefined,
): number | null {
  if (typeof litros !== 'number' || !Number.isFinite(litros)) return null;
  if (typeof capacidade !== 'number' || !Number.isFinite(capacidade) || capacidade <= 0) {
    return null;
  }
  return (litros / capacidade) * 100;
}
