import { hasBit } from './bits.js';
import type { StatusBit } from './inverter.js';
import { MESSAGES } from './messages.js';
import type { Tone } from './tone.js';

/**
 * Spec 001 §4 UPS status words. The spec describes the messages in English
 * (UPS Online Mode, UPS Eco Mode, …); the screens show Vigia's pt-BR wording
 * (issue 27: no English on any screen). The quadro flag keeps the spec's
 * literal 'yes'/'no' as its value and shows 'Sim'/'Não'.
 */
export const UPS_MODE_BITS: readonly StatusBit[] = [
  { bit: 2, label: 'UPS em modo online', tone: 'good' },
  { bit: 4, label: 'UPS em modo econômico', tone: 'info' },
];

/** Bit 8 of the mode word: set = parallel-connected UPS, clear = unitary UPS. */
export const UPS_PARALLEL_BIT = 8;
export const UPS_PARALLEL_LABEL = 'UPS em paralelo';
export const UPS_UNITARY_LABEL = 'UPS unitária';

export const UPS_ALARM_BITS: readonly StatusBit[] = [
  { bit: 2, label: 'Fim de vida útil da bateria', tone: 'bad' },
  { bit: 4, label: 'Erro no teste de bateria', tone: 'bad' },
  { bit: 256, label: 'Teste automático em andamento', tone: 'info' },
  { bit: 1024, label: 'Temperatura fora da tolerância', tone: 'warning' },
  { bit: 2048, label: 'Falha de fusível', tone: 'bad' },
];

function known(word: number | null | undefined): word is number {
  return typeof word === 'number' && Number.isFinite(word);
}

/** The messages of the mode word: Online/Eco when set, then unitary or parallel. */
export function upsModeMessages(word: number | null | undefined): string[] {
  return upsModeStates(word).map((state) => state.label);
}

/**
 * The mode word's messages with their tones: Online Mode good, Eco Mode info,
 * unitary or parallel neutral (a configuration, not a state). One rule for
 * every screen that colours the mode.
 */
export function upsModeStates(word: number | null | undefined): { label: string; tone: Tone }[] {
  if (!known(word)) return [];
  const states: { label: string; tone: Tone }[] = UPS_MODE_BITS.filter((b) =>
    hasBit(word, b.bit),
  ).map(({ label, tone }) => ({ label, tone }));
  const parallel = hasBit(word, UPS_PARALLEL_BIT);
  states.push({ label: parallel ? UPS_PARALLEL_LABEL : UPS_UNITARY_LABEL, tone: 'neutral' });
  return states;
}

/** The alarm bits set in the battery/alarm word. */
export function upsAlarms(word: number | null | undefined): StatusBit[] {
  return UPS_ALARM_BITS.filter((b) => hasBit(word, b.bit));
}

export type BreakerState = 'Fechado' | 'Aberto';

/** A breaker bit of a status word: set Closed ('Fechado'), clear Open ('Aberto'); no word: null. */
export function upsBreakerState(word: number | null | undefined, bit: number): BreakerState | null {
  if (!known(word)) return null;
  return hasBit(word, bit) ? 'Fechado' : 'Aberto';
}

export const UPS_QUADRO_BIT = 2048;

/** Bit 2048 of the quadro word yields 'yes'; otherwise 'no' (no word: null). */
export function upsQuadroFlag(word: number | null | undefined): 'yes' | 'no' | null {
  if (!known(word)) return null;
  return hasBit(word, UPS_QUADRO_BIT) ? 'yes' : 'no';
}

/** How the quadro flag reads on screen: the spec's own 'Sim' and 'Não' (000 §8). */
export const UPS_QUADRO_LABEL: Readonly<Record<'yes' | 'no', string>> = {
  yes: MESSAGES.yes,
  no: MESSAGES.no,
};
