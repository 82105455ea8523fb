import { hasBit } from './bits.js';
import type { Tone } from './tone.js';

/** Spec 001 §4 switch (chave) bits. */
export const SWITCH_OPEN_BIT = 4096;
export const SWITCH_CLOSED_BIT = 16384;

/** 4096 'Aberta', 16384 'Fechada'; neither bit set is unknown (null). */
export function switchState(bits: number | null | undefined): 'Aberta' | 'Fechada' | null {
  if (hasBit(bits, SWITCH_OPEN_BIT)) return 'Aberta';
  if (hasBit(bits, SWITCH_CLOSED_BIT)) return 'Fechada';
  return null;
}

/** Spec 001 §4: in battery-style lists and mains panels 32768 means FECHADA. */
export const MAINS_SWITCH_CLOSED_BIT = 32768;

export type SwitchPosition = 'FECHADA' | 'ABERTA';

/** 32768 FECHADA, null unknown (null), otherwise ABERTA. */
export function mainsSwitchState(bits: number | null | undefined): SwitchPosition | null {
  if (typeof bits !== 'number' || !Number.isFinite(bits)) return null;
  return hasBit(bits, MAINS_SWITCH_CLOSED_BIT) ? 'FECHADA' : 'ABERTA';
}

/** Spec 001 §4 group switch: 1024 or 16384 means FECHADA, else ABERTA (no reading: null). */
export function groupSwitchState(bits: number | null | undefined): SwitchPosition | null {
  if (typeof bits !== 'number' || !Number.isFinite(bits)) return null;
  return hasBit(bits, 1024) || hasBit(bits, 16384) ? 'FECHADA' : 'ABERTA';
}

/** Spec 001 §4 mains status: bit 256 Anormal, otherwise Normal (no reading: null). */
export const MAINS_ABNORMAL_BIT = 256;

export function mainsStatus(bits: number | null | undefined): 'Anormal' | 'Normal' | null {
  if (typeof bits !== 'number' || !Number.isFinite(bits)) return null;
  return hasBit(bits, MAINS_ABNORMAL_BIT) ? 'Anormal' : 'Normal';
}

export function mainsStatusTone(bits: number | null | undefined): Tone {
  const status = mainsStatus(bits);
  if (status === null) return 'neutral';
  return status === 'Anormal' ? 'bad' : 'good';
}

/** Vigia's own: a closed switch conducts (info), an open one is at rest (neutral). */
export function switchTone(position: string | null): Tone {
  return position?.toUpperCase() === 'FECHADA' ? 'info' : 'neutral';
}
