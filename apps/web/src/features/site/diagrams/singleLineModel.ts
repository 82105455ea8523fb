import type { DeviceRow } from '@vigia/contract';
import { isOnline, READING, type Tone } from '@vigia/domain';
import { type DecodedState, decodeState } from '../panels/decoders';
import { currentValue, readingOf } from '../panels/readings';
import type { MainsKind } from '../panels/types';
import { formatValue } from '../panels/values';
import type { BoxLine } from './parts';

export interface GeneratorNode {
  id: number;
  name: string;
  statusTone: Tone;
  breaker: DecodedState;
  lines: BoxLine[];
}

export interface QtaNode {
  mainsBreaker: DecodedState;
  groupBreaker: DecodedState;
  mainsLines: BoxLine[];
  /** The group side as the transfer panel measures it (when no generator is drawn). */
  groupLines: BoxLine[];
  mainsTone: Tone;
}

export interface TfrNode {
  name: string;
  lines: BoxLine[];
}

export interface SingleLineModel {
  generators: GeneratorNode[];
  qta: QtaNode | null;
  tfr: TfrNode | null;
}

export const GENERATOR_DIAGRAM_READINGS = [
  READING.generatorStatus,
  READING.generatorMode,
  READING.groupSwitch,
  'kW',
  'Ia',
  'Ib',
  'Ic',
];
export const QTA_DIAGRAM_READINGS = [
  READING.mainsStatus,
  READING.mainsSwitch,
  READING.groupSwitch,
  'redeVab',
  'redeHz',
  'redekW',
  'Vab',
  'Hz',
  'kW',
];
export const TFR_DIAGRAM_READINGS = [
  'redeVab',
  'barraVab',
  'kW',
  'kVAr',
  'FP',
  'Hz',
  'kWh',
  READING.generatorMode,
];

function withUnit(device: DeviceRow, name: string, format: 'generator' | 'reading', unit?: string) {
  const reading = readingOf(device, name);
  const text = formatValue(name, reading.value, format);
  const u = unit ?? reading.unit;
  return u && text !== '---' ? `${text} ${u}` : text;
}

function generatorNode(device: DeviceRow, nowSec: number): GeneratorNode {
  const online = isOnline(
    { resumoComunicacao: device.resumoComunicacao, lastReadingTs: device.ultimaLeitura },
    nowSec,
  );
  const status = decodeState(
    'generatorStatus',
    currentValue(device, READING.generatorStatus),
    online,
  );
  const mode = decodeState('generatorMode', currentValue(device, READING.generatorMode), online);
  return {
    id: device.id,
    name: device.patrimonio || device.nome,
    statusTone: status.tone,
    breaker: decodeState('switch', currentValue(device, READING.groupSwitch), online),
    lines: [
      { label: 'Status', value: status.label, tone: status.tone },
      { label: 'Modo', value: mode.label, tone: mode.tone },
      { label: 'Potência', value: withUnit(device, 'kW', 'generator', 'kW') },
      { label: 'Ia', value: withUnit(device, 'Ia', 'generator', 'A') },
      { label: 'Ib', value: withUnit(device, 'Ib', 'generator', 'A') },
      { label: 'Ic', value: withUnit(device, 'Ic', 'generator', 'A') },
    ],
  };
}

function qtaNode(device: DeviceRow, nowSec: number): QtaNode {
  const online = isOnline(
    { resumoComunicacao: device.resumoComunicacao, lastReadingTs: device.ultimaLeitura },
    nowSec,
  );
  const mains = decodeState('mainsStatus', currentValue(device, READING.mainsStatus), online);
  return {
    mainsBreaker: decodeState('mainsSwitch', currentValue(device, READING.mainsSwitch), online),
    groupBreaker: decodeState('groupSwitch', currentValue(device, READING.groupSwitch), online),
    mainsTone: mains.tone,
    mainsLines: [
      { label: 'Rede', value: mains.label, tone: mains.tone },
      { label: 'Tensão AB', value: withUnit(device, 'redeVab', 'reading', 'V') },
      { label: 'Frequência', value: withUnit(device, 'redeHz', 'reading', 'Hz') },
      { label: 'Potência', value: withUnit(device, 'redekW', 'reading', 'kW') },
    ],
    groupLines: [
      { label: 'Tensão AB', value: withUnit(device, 'Vab', 'reading', 'V') },
      { label: 'Frequência', value: withUnit(device, 'Hz', 'reading', 'Hz') },
      { label: 'Potência', value: withUnit(device, 'kW', 'reading', 'kW') },
    ],
  };
}

function tfrNode(device: DeviceRow, nowSec: number): TfrNode {
  const online = isOnline(
    { resumoComunicacao: device.resumoComunicacao, lastReadingTs: device.ultimaLeitura },
    nowSec,
  );
  const mode = decodeState('generatorMode', currentValue(device, READING.generatorMode), online);
  return {
    name: device.patrimonio || device.nome,
    lines: [
      { label: 'Rede AB', value: withUnit(device, 'redeVab', 'reading', 'V') },
      { label: 'Barra AB', value: withUnit(device, 'barraVab', 'reading', 'V') },
      { label: 'Potência', value: withUnit(device, 'kW', 'reading', 'kW') },
      { label: 'Reativa', value: withUnit(device, 'kVAr', 'reading', 'kVAr') },
      { label: 'FP', value: withUnit(device, 'FP', 'reading', '') },
      { label: 'Frequência', value: withUnit(device, 'Hz', 'reading', 'Hz') },
      { label: 'Energia', value: withUnit(device, 'kWh', 'reading', 'kWh') },
      { label: 'Modo', value: mode.label, tone: mode.tone },
    ],
  };
}

const byAsset = (a: DeviceRow, b: DeviceRow) =>
  a.patrimonio.localeCompare(b.patrimonio, 'pt-BR', { numeric: true }) || a.id - b.id;

/** GMG1 and GMG2 by asset number, else the first two generators. */
export function pickPair(generators: readonly DeviceRow[]): DeviceRow[] {
  const sorted = [...generators].sort(byAsset);
  const named = ['GMG1', 'GMG2'].map((asset) =>
    sorted.find((g) => g.patrimonio.toUpperCase() === asset),
  );
  if (named.every((g) => g !== undefined)) return named as DeviceRow[];
  return sorted.slice(0, 2);
}

/**
 * What a single-line drawing shows, from the device and its neighbours:
 * generators with their breaker (switch bits 4096/16384 of `chaveGrupo`), the
 * transfer panel's mains and group breakers (mains switch bit 32768, group
 * switch bits 1024/16384) or the paralleling panel's measurements.
 */
export function singleLineModel(
  device: DeviceRow | null,
  peers: readonly DeviceRow[],
  options: { mains: MainsKind; generators: 'pair' | 'all'; nowSec: number },
): SingleLineModel {
  const all = device ? [device, ...peers] : [...peers];
  const gens = all.filter((d) => d.tipo === 'gerador');
  const chosen = options.generators === 'pair' ? pickPair(gens) : [...gens].sort(byAsset);
  const qtaDevice = all.find((d) => d.tipo === 'qta') ?? null;
  const tfrDevice = all.find((d) => d.tipo === 'tfr') ?? null;
  let mains = options.mains;
  if (mains === 'auto') mains = qtaDevice ? 'qta' : tfrDevice ? 'tfr' : 'none';
  return {
    generators: chosen.map((g) => generatorNode(g, options.nowSec)),
    qta: mains === 'qta' && qtaDevice ? qtaNode(qtaDevice, options.nowSec) : null,
    tfr: mains === 'tfr' && tfrDevice ? tfrNode(tfrDevice, options.nowSec) : null,
  };
}

/** The drawing in words, for screen readers and as the text alternative. */
export function describeSingleLine(model: SingleLineModel): string {
  const parts = model.generators.map(
    (g) =>
      `${g.name}: ${g.lines.map((l) => `${l.label} ${l.value}`).join(', ')}, disjuntor ${g.breaker.label}.`,
  );
  if (model.qta) {
    parts.push(
      `Rede: ${model.qta.mainsLines.map((l) => `${l.label} ${l.value}`).join(', ')}, chave da rede ${model.qta.mainsBreaker.label}, chave do grupo ${model.qta.groupBreaker.label}.`,
    );
  }
  if (model.tfr) {
    parts.push(
      `${model.tfr.name}: ${model.tfr.lines.map((l) => `${l.label} ${l.value}`).join(', ')}.`,
    );
  }
  if (parts.length === 0) return 'Nenhum equipamento para desenhar.';
  return parts.join(' ');
}
