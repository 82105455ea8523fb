import {
  activeInverterStatus,
  generatorMode,
  generatorModeTone,
  generatorStatus,
  groupSwitchState,
  hasBit,
  inverterAutomation,
  inverterAutomationTone,
  isGeneratorRunning,
  loadSpeedSeverity,
  mainsStatus,
  mainsStatusTone,
  mainsSwitchState,
  PLACEHOLDER_NUMBER,
  SEVERITY_TONE,
  switchState,
  switchTone,
  TANK_LEVEL_BANDS,
  type Tone,
  tankLevelBand,
  tankStatus,
  UPS_QUADRO_LABEL,
  upsAlarms,
  upsModeStates,
  upsQuadroFlag,
} from '@vigia/domain';
import type { LevelRule, StateDecoder, WordDecoder } from './types';

export interface DecodedState {
  label: string;
  tone: Tone;
}

const UNKNOWN: DecodedState = { label: PLACEHOLDER_NUMBER, tone: 'neutral' };

/**
 * One reading through a decoder of spec 001 §4. A reading that never arrived
 * is '---'. A generator only shows as running (good) while it communicates.
 */
export function decodeState(
  decoder: StateDecoder,
  value: number | null,
  online: boolean,
): DecodedState {
  if (value === null) return UNKNOWN;
  switch (decoder) {
    case 'generatorMode':
      return { label: generatorMode(value), tone: generatorModeTone(value) };
    case 'generatorStatus': {
      const status = generatorStatus(value);
      if (status === null) return UNKNOWN;
      return { label: status, tone: isGeneratorRunning(value, online) ? 'good' : 'neutral' };
    }
    case 'switch':
      return positionState(switchState(value));
    case 'mainsSwitch':
      return positionState(mainsSwitchState(value));
    case 'groupSwitch':
      return positionState(groupSwitchState(value));
    case 'mainsStatus':
      return { label: mainsStatus(value) ?? PLACEHOLDER_NUMBER, tone: mainsStatusTone(value) };
    case 'inverterAutomation':
      return { label: inverterAutomation(value), tone: inverterAutomationTone(value) };
    case 'upsQuadro': {
      const flag = upsQuadroFlag(value);
      return flag === null
        ? UNKNOWN
        : { label: UPS_QUADRO_LABEL[flag], tone: flag === 'yes' ? 'info' : 'neutral' };
    }
  }
}

function positionState(position: string | null): DecodedState {
  return position === null ? UNKNOWN : { label: position, tone: switchTone(position) };
}

/** The messages of a status word (set bits), or null when the word never arrived. */
export function decodeWord(decoder: WordDecoder, value: number | null): DecodedState[] | null {
  if (value === null) return null;
  switch (decoder.kind) {
    case 'inverterStatus':
      return activeInverterStatus(value).map(({ label, tone }) => ({ label, tone }));
    case 'upsMode':
      return upsModeStates(value);
    case 'upsAlarms':
      return upsAlarms(value).map(({ label, tone }) => ({ label, tone }));
    case 'tankStatus':
      return tankStatus(value).map((label) => ({ label, tone: 'neutral' }));
    case 'bits':
      return decoder.bits
        .filter((b) => hasBit(value, b.bit))
        .map(({ label, tone }) => ({ label, tone }));
  }
}

/** A level bar's colour from its spec rule (load speed bands, tank level legend). */
export function levelTone(
  rule: LevelRule | undefined,
  value: number | null,
  percent: number | null,
) {
  if (rule === 'loadSpeed') {
    const severity = loadSpeedSeverity(value);
    return severity ? SEVERITY_TONE[severity] : 'neutral';
  }
  if (rule === 'tankLevel') {
    const band = tankLevelBand(percent);
    return TANK_LEVEL_BANDS.find((b) => b.band === band)?.tone ?? 'neutral';
  }
  return 'neutral';
}
