import { hasBit } from './bits.js';
import type { Tone } from './tone.js';

export type GeneratorMode = 'Parado' | 'Manual' | 'Semi' | 'Auto' | 'Teste';

/** Spec 001 §4: 1 Parado, 2 Manual, 4 Semi, 8 Auto, 16 Teste. */
export const GENERATOR_MODES: Readonly<Record<number, GeneratorMode>> = {
  1: 'Parado',
  2: 'Manual',
  4: 'Semi',
  8: 'Auto',
  16: 'Teste',
};

/** Spec 001 §4: an unknown mode shows '-----'. */
export const UNKNOWN_GENERATOR_MODE = '-----';

export function generatorMode(modoWeb: number | null | undefined): GeneratorMode | '-----' {
  if (typeof modoWeb !== 'number') return UNKNOWN_GENERATOR_MODE;
  return GENERATOR_MODES[modoWeb] ?? UNKNOWN_GENERATOR_MODE;
}

/** Vigia's own: how a mode is tinted. Auto is the healthy standby state. */
export function generatorModeTone(modoWeb: number | null | undefined): Tone {
  switch (generatorMode(modoWeb)) {
    case 'Auto':
      return 'good';
    case 'Manual':
    case 'Semi':
      return 'warning';
    case 'Teste':
      return 'info';
    default:
      return 'neutral';
  }
}

/** Spec 001 §4: status bit 64 is 'GMG ON', 2048 is 'GMG OFF'. */
export const GMG_ON_BIT = 64;
export const GMG_OFF_BIT = 2048;

export type GeneratorStatus = 'GMG ON' | 'GMG OFF';

/** 'GMG ON' when bit 64 is set, else 'GMG OFF' when bit 2048 is set, else null (unknown). */
export function generatorStatus(bits: number | null | undefined): GeneratorStatus | null {
  if (hasBit(bits, GMG_ON_BIT)) return 'GMG ON';
  if (hasBit(bits, GMG_OFF_BIT)) return 'GMG OFF';
  return null;
}

export function generatorStatusTone(bits: number | null | undefined): Tone {
  return generatorStatus(bits) === 'GMG ON' ? 'good' : 'neutral';
}

/** Spec 001 §4: a generator counts as on when bit 64 is set and its communication is online. */
export function isGeneratorRunning(bits: number | null | undefined, online: boolean): boolean {
  return online && hasBit(bits, GMG_ON_BIT);
}
