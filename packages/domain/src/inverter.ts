import { hasBit } from './bits.js';
import { MESSAGES, PLACEHOLDER_NUMBER } from './messages.js';
import type { Tone } from './tone.js';

/** Spec 001 §4: automation '1' On, '0' OFF, other FALHA. */
export function inverterAutomation(
  value: string | number | null | undefined,
): 'On' | 'OFF' | 'FALHA' {
  const text = value === null || value === undefined ? '' : String(value).trim();
  if (text === '1') return 'On';
  if (text === '0') return 'OFF';
  return MESSAGES.inverterFailure;
}

export function inverterAutomationTone(value: string | number | null | undefined): Tone {
  const state = inverterAutomation(value);
  if (state === 'On') return 'good';
  return state === 'OFF' ? 'neutral' : 'bad';
}

export interface StatusBit {
  bit: number;
  label: string;
  tone: Tone;
}

/**
 * Spec 001 §4 inverter status bits. The spec gives the meanings in English;
 * the pt-BR labels are Vigia's translation.
 */
export const INVERTER_STATUS_BITS: readonly StatusBit[] = [
  { bit: 1, label: 'Compressor ligado', tone: 'good' },
  { bit: 2, label: 'Velocidade zero', tone: 'neutral' },
  { bit: 4, label: 'Rotação reversa', tone: 'warning' },
  { bit: 8, label: 'Falha na entrada digital', tone: 'bad' },
  { bit: 16, label: 'Competição de velocidade', tone: 'warning' },
  { bit: 32, label: 'Inversor pronto', tone: 'good' },
  { bit: 64, label: 'Alarme', tone: 'warning' },
  { bit: 128, label: 'Falha', tone: 'bad' },
];

export interface StatusFlag extends StatusBit {
  active: boolean;
}

/** Every status bit with whether it is set; a missing word has none set. */
export function inverterStatusFlags(bits: number | null | undefined): StatusFlag[] {
  return INVERTER_STATUS_BITS.map((b) => ({ ...b, active: hasBit(bits, b.bit) }));
}

/** The status bits that are set. */
export function activeInverterStatus(bits: number | null | undefined): StatusBit[] {
  return INVERTER_STATUS_BITS.filter((b) => hasBit(bits, b.bit));
}

export const DIGITAL_INPUT_COUNT = 16;

export type DigitalInputState = 'ON' | 'OFF' | typeof PLACEHOLDER_NUMBER;

/** Spec 001 §4: digital inputs decode bit by bit (input 1 = bit 0) as ON or OFF, for 16 bits. */
export function inverterDigitalInputs(
  bits: number | null | undefined,
  count = DIGITAL_INPUT_COUNT,
): DigitalInputState[] {
  const known = typeof bits === 'number' && Number.isFinite(bits);
  return Array.from({ length: count }, (_, i) => {
    if (!known) return PLACEHOLDER_NUMBER;
    return hasBit(bits, 2 ** i) ? 'ON' : 'OFF';
  });
}
