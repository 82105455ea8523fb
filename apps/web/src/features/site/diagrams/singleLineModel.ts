import type { DeviceRow } from '@vigia/contract';
import {
  type CommunicationDisplay,
  type DataQuality,
  notCurrentNote,
  READING,
  rowCommunication,
  type Tone,
} from '@vigia/domain';
import { type DecodedState, decodeState } from '../panels/decoders';
import { currentValue, readingOf } from '../panels/readings';
import type { MainsKind } from '../panels/types';
import { formatValue } from '../panels/values';
import type { BoxLine } from './parts';

/** How current a drawn device's values are (domain `rowCommunication`). */
export interface NodeQuality {
  quality: DataQuality;
  /** 'DESATUALIZADO · última leitura …' for a device that is not online, else null. */
  note: string | null;
}

export interface GeneratorNode extends NodeQuality {
  id: number;
  name: string;
  statusTone: Tone;
  breaker: DecodedState;
  lines: BoxLine[];
}

export interface QtaNode extends NodeQuality {
  mainsBreaker: DecodedState;
  groupBreaker: DecodedState;
  mainsLines: BoxLine[];
  /** The group side as the transfer panel measures it (when no generator is drawn). */
  groupLines: BoxLine[];
  mainsTone: Tone;
}

export interface TfrNode extends NodeQuality {
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

function qualityOf(device: DeviceRow, nowSec: number) {
  const display = rowCommunication(device, nowSec);
  return {
    display,
    online: display.online,
    quality: display.quality,
    note: notCurrentNote(display, device.ultimaLeitura),
  };
}

/** The box's first line: the device's communication ('Online', 'DESATUALIZADO', …). */
function communicationLine(display: CommunicationDisplay): BoxLine {
  return { label: 'Comunicação', value: display.text, tone: display.tone };
}

/** Values of a device that is not online keep no state colour: old data is never 'good'. */
function muted(lines: BoxLine[], online: boolean): BoxLine[] {
  return online ? lines : lines.map(({ label, value }) => ({ label, value }));
}

const neutralIfOld = (state: DecodedState, online: boolean): DecodedState =>
  online ? state : { label: state.label, tone: 'neutral' };

function generatorNode(device: DeviceRow, nowSec: number): GeneratorNode {
  const { display, online, quality, note } = qualityOf(device, nowSec);
  const status = decodeState(
    'generatorStatus',
    currentValue(device, READING.generatorStatus),
    online,
  );
  const mode = decodeState('generatorMode', currentValue(device, READING.generatorMode), online);
  return {
    id: device.id,
    name: device.patrimonio || device.nome,
    quality,
    note,
    statusTone: online ? status.tone : 'neutral',
    breaker: neutralIfOld(
      decodeState('switch', currentValue(device, READING.groupSwitch), online),
      online,
    ),
    lines: [
      communicationLine(display),
      ...muted(
        [
          { label: 'Status', value: status.label, tone: status.tone },
          { label: 'Modo', value: mode.label, tone: mode.tone },
          { label: 'Potência', value: withUnit(device, 'kW', 'generator', 'kW') },
          { label: 'Ia', value: withUnit(device, 'Ia', 'generator', 'A') },
          { label: 'Ib', value: withUnit(device, 'Ib', 'generator', 'A') },
          { label: 'Ic', value: withUnit(device, 'Ic', 'generator', 'A') },
        ],
        online,
      ),
    ],
  };
}

function qtaNode(device: DeviceRow, nowSec: number): QtaNode {
  const { display, online, quality, note } = qualityOf(device, nowSec);
  const mains = decodeState('mainsStatus', currentValue(device, READING.mainsStatus), online);
  const state = (decoder: 'mainsSwitch' | 'groupSwitch', name: string) =>
    neutralIfOld(decodeState(decoder, currentValue(device, name), online), online);
  return {
    quality,
    note,
    mainsBreaker: state('mainsSwitch', READING.mainsSwitch),
    groupBreaker: state('groupSwitch', READING.groupSwitch),
    mainsTone: online ? mains.tone : 'neutral',
    mainsLines: [
      communicationLine(display),
      ...muted(
        [
          { label: 'Rede', value: mains.label, tone: mains.tone },
          { label: 'Tensão AB', value: withUnit(device, 'redeVab', 'reading', 'V') },
          { label: 'Frequência', value: withUnit(device, 'redeHz', 'reading', 'Hz') },
          { label: 'Potência', value: withUnit(device, 'redekW', 'reading', 'kW') },
        ],
        online,
      ),
    ],
    groupLines: [
      { label: 'Tensão AB', value: withUnit(device, 'Vab', 'reading', 'V') },
      { label: 'Frequência', value: withUnit(device, 'Hz', 'reading', 'Hz') },
      { label: 'Potência', value: withUnit(device, 'kW', 'reading', 'kW') },
    ],
  };
}

function tfrNode(device: DeviceRow, nowSec: number): TfrNode {
  const { display, online, quality, note } = qualityOf(device, nowSec);
  const mode = decodeState('generatorMode', currentValue(device, READING.generatorMode), online);
  return {
    name: device.patrimonio || device.nome,
    quality,
    note,
    lines: [
      communicationLine(display),
      ...muted(
        [
          { label: 'Rede AB', value: withUnit(device, 'redeVab', 'reading', 'V') },
          { label: 'Barra AB', value: withUnit(device, 'barraVab', 'reading', 'V') },
          { label: 'Potência', value: withUnit(device, 'kW', 'reading', 'kW') },
          { label: 'Reativa', value: withUnit(device, 'kVAr', 'reading', 'kVAr') },
          { label: 'FP', value: withUnit(device, 'FP', 'reading', '') },
          { label: 'Frequência', value: withUnit(device, 'Hz', 'reading', 'Hz') },
          { label: 'Energia', value: withUnit(device, 'kWh', 'reading', 'kWh') },
          { label: 'Modo', value: mode.label, tone: mode.tone },
        ],
        online,
      ),
    ],
  };
}

const byAsset = (a: DeviceRow, b: DeviceRow) =>
  a.patrimonio.localeCompare(b.patrimonio, 'pt-BR', { numeric: true }) || a.id - b.id;

/**
 * What a single-line drawing shows, from the device and its neighbours:
 * every generator of the place by asset number (GMG1, GMG2, GMG3 …), each with
 * its own communication, and its breaker (switch bits 4096/16384 of `chaveGrupo`), the
 * transfer panel's mains and group breakers (mains switch bit 32768, group
 * switch bits 1024/16384) or the paralleling panel's measurements.
 */
export function singleLineModel(
  device: DeviceRow | null,
  peers: readonly DeviceRow[],
  options: { mains: MainsKind; nowSec: number },
): SingleLineModel {
  const all = device ? [device, ...peers] : [...peers];
  const chosen = all.filter((d) => d.tipo === 'gerador').sort(byAsset);
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
