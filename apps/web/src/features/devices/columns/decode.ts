import type { DeviceRow } from '@vigia/contract';
import {
  activeInverterStatus,
  equipmentStatus,
  formatNumber,
  formatReading,
  fuelLevelDisplay,
  fuelLevelTone,
  generatorMode,
  generatorModeTone,
  generatorStatus,
  groupSwitchState,
  infoValue,
  inverterAutomation,
  inverterAutomationTone,
  isGeneratorRunning,
  loadSpeedSeverity,
  mainsStatus,
  mainsStatusTone,
  mainsSwitchState,
  meterDisplayValue,
  PLACEHOLDER_NUMBER,
  READING,
  rowCommunication,
  SEVERITY_TONE,
  signalDisplay,
  switchTone,
  type Tone,
  upsAlarms,
  upsModeStates,
  worstTone,
} from '@vigia/domain';

/**
 * How list cells read a device row: every decoding is a call into
 * `@vigia/domain`; this file only picks the reading and pairs text with tone.
 */
export interface Display {
  text: string;
  /** Set when the value is a state to colour; plain numbers have none. */
  tone?: Tone;
}

type Row = Pick<DeviceRow, 'infos'>;

export const ONLINE_LABEL = 'Online';

export function value(row: Row, nome: string): number | null {
  return infoValue(row.infos, nome);
}

/** A reading with its domain decimals (Hz, OilTemp, PO 1; LoadSpeed 0; others 2) or '---'. */
export function reading(row: Row, nome: string): string {
  return formatReading(nome, value(row, nome));
}

/** A reading with a fixed number of decimals, thousands grouped, or '---'. */
export function readingFixed(row: Row, nome: string, decimals: number): string {
  return formatNumber(value(row, nome), decimals, { grouping: true });
}

/** Meter power and energy divided by 1000 (spec 001 §5). */
export function meterReading(row: Row, nome: string, decimals = 2): string {
  return formatNumber(meterDisplayValue(nome, value(row, nome)), decimals, { grouping: true });
}

type Communicating = Pick<DeviceRow, 'resumoComunicacao' | 'ultimaLeitura' | 'tipo'>;

/** Online under the staleness limit (180 minutes for meters). */
export function deviceOnline(row: Communicating, nowSec: number): boolean {
  return rowCommunication(row, nowSec).online;
}

/** The domain's one text and tone of a device's communication. */
export function communication(row: Communicating, nowSec: number): Display {
  const { text, tone } = rowCommunication(row, nowSec);
  return { text, tone };
}

export function alarmCount(count: number): Display {
  return { text: String(count), tone: count > 0 ? 'bad' : 'neutral' };
}

export function signal(row: Pick<DeviceRow, 'netAntenaSignal'>): string {
  return signalDisplay(row.netAntenaSignal);
}

/** 'Auto', 'Manual' … from `modoWeb` ('-----' unknown). */
export function generatorModeOf(row: Row): Display {
  const modoWeb = value(row, READING.generatorMode);
  return { text: generatorMode(modoWeb), tone: generatorModeTone(modoWeb) };
}

/**
 * 'GMG ON' / 'GMG OFF' from `statusGMG`. A generator counts as on only while
 * it communicates, so an offline one shows '---' (its communication cell says why).
 */
export function generatorStatusOf(row: Row & Communicating, nowSec: number): Display {
  const bits = value(row, READING.generatorStatus);
  const online = deviceOnline(row, nowSec);
  const status = online ? generatorStatus(bits) : null;
  if (status === null) return { text: PLACEHOLDER_NUMBER, tone: 'neutral' };
  return { text: status, tone: isGeneratorRunning(bits, online) ? 'good' : 'neutral' };
}

/** Group switch (`chaveGrupo`): 1024 or 16384 FECHADA, else ABERTA. */
export function groupSwitch(row: Row): Display {
  const state = groupSwitchState(value(row, READING.groupSwitch));
  return { text: state ?? PLACEHOLDER_NUMBER, tone: switchTone(state) };
}

/** Mains switch (`chaveRede`): 32768 FECHADA, else ABERTA. */
export function mainsSwitch(row: Row): Display {
  const state = mainsSwitchState(value(row, READING.mainsSwitch));
  return { text: state ?? PLACEHOLDER_NUMBER, tone: switchTone(state) };
}

/** Mains status (`statusRede`): bit 256 Anormal, otherwise Normal. */
export function mainsStatusOf(row: Row): Display {
  const bits = value(row, READING.mainsStatus);
  return { text: mainsStatus(bits) ?? PLACEHOLDER_NUMBER, tone: mainsStatusTone(bits) };
}

/** LoadSpeed with no decimals, red from 80, amber from 65. */
export function loadSpeed(row: Row): Display {
  const v = value(row, READING.loadSpeed);
  const severity = loadSpeedSeverity(v);
  return {
    text: formatReading(READING.loadSpeed, v),
    tone: severity ? SEVERITY_TONE[severity] : undefined,
  };
}

/** Fuel level: '---' below 0 or missing; red at 20 % or less, amber up to 35 % (the tank rule). */
export function fuelLevel(row: Row, nome = READING.fuelLevel): Display {
  const level = value(row, nome);
  return { text: fuelLevelDisplay(level), tone: fuelLevelTone(level) };
}

/** UPS mode word (`statusUPS1`): 'UPS em modo online' … plus unitary or parallel. */
export function upsMode(row: Row): Display {
  const states = upsModeStates(value(row, READING.upsMode));
  // The first state is the mode bit (Online good, Eco info); unitary or parallel follows.
  return states.length === 0
    ? { text: PLACEHOLDER_NUMBER }
    : { text: states.map((s) => s.label).join(' · '), tone: states[0]?.tone };
}

/** UPS battery/alarm word (`statusUPS2`): the set alarm bits, else 'OK'. */
export function upsAlarmList(row: Row): Display {
  const word = value(row, READING.upsAlarms);
  if (word === null) return { text: PLACEHOLDER_NUMBER };
  const alarms = upsAlarms(word);
  if (alarms.length === 0) {
    const ok = equipmentStatus('OK');
    return { text: ok.label, tone: ok.tone };
  }
  return {
    text: alarms.map((a) => a.label).join(' · '),
    tone: worstTone(alarms.map((a) => a.tone)),
  };
}

/** Refrigeration automation: '1' On, '0' OFF, anything else FALHA; no reading '---'. */
export function automation(row: Row): Display {
  const v = value(row, READING.inverterAutomation);
  if (v === null) return { text: PLACEHOLDER_NUMBER };
  return { text: inverterAutomation(v), tone: inverterAutomationTone(v) };
}

/** The inverter status bits that are set. */
export function inverterStatus(row: Row): Display {
  const bits = value(row, READING.inverterStatus);
  if (bits === null) return { text: PLACEHOLDER_NUMBER };
  const active = activeInverterStatus(bits);
  if (active.length === 0) return { text: PLACEHOLDER_NUMBER };
  return {
    text: active.map((a) => a.label).join(' · '),
    tone: worstTone(active.map((a) => a.tone)),
  };
}
