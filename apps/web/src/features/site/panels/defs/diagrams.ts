import {
  GENERATOR_DIAGRAM_READINGS,
  QTA_DIAGRAM_READINGS,
  TFR_DIAGRAM_READINGS,
} from '../../diagrams/singleLineModel';
import type { Section } from '../types';

const names = (...lists: readonly (readonly string[])[]) => [...new Set(lists.flat())];

/** Generator single-line: every generator of the site (kW, Ia, Ib, Ic, mode) on a common bus to the load. */
export const generatorsSingleLine: Section = {
  type: 'diagram',
  title: 'Diagrama unifilar dos geradores',
  diagram: { kind: 'singleLine', mains: 'none' },
  readings: GENERATOR_DIAGRAM_READINGS,
  peerTipos: ['gerador'],
};

/** The site's generators behind its transfer panel (mains and group breakers). */
export const generatorsWithTransfer: Section = {
  type: 'diagram',
  title: 'Diagrama unifilar: geradores e transferência',
  diagram: { kind: 'singleLine', mains: 'qta' },
  readings: names(GENERATOR_DIAGRAM_READINGS, QTA_DIAGRAM_READINGS),
  peerTipos: ['gerador', 'qta'],
};

/** The generators in parallel with the grid through the plant's TFR. */
export const generatorsWithTfr: Section = {
  type: 'diagram',
  title: 'Diagrama unifilar: geradores em paralelo com a rede',
  diagram: { kind: 'singleLine', mains: 'tfr' },
  readings: names(GENERATOR_DIAGRAM_READINGS, TFR_DIAGRAM_READINGS),
  peerTipos: ['gerador', 'tfr'],
};

/** The TFR: grid and bus measurements with every generator on the bus. */
export const tfrSingleLine: Section = {
  type: 'diagram',
  title: 'Diagrama unifilar do TFR',
  diagram: { kind: 'singleLine', mains: 'tfr' },
  readings: names(GENERATOR_DIAGRAM_READINGS, TFR_DIAGRAM_READINGS),
  peerTipos: ['gerador', 'tfr'],
};

/** The place's generators and however it meets the grid (transfer panel or TFR). */
export const unifilarGenerators: Section = {
  type: 'diagram',
  title: 'Unifilar',
  diagram: { kind: 'singleLine', mains: 'auto' },
  readings: names(GENERATOR_DIAGRAM_READINGS, QTA_DIAGRAM_READINGS, TFR_DIAGRAM_READINGS),
  peerTipos: ['gerador', 'qta', 'tfr'],
};

/** Transfer: mains and group feeding the load (the QTA and the site's generator). */
export const transferDiagram: Section = {
  type: 'diagram',
  title: 'Transferência',
  diagram: { kind: 'singleLine', mains: 'qta' },
  readings: names(GENERATOR_DIAGRAM_READINGS, QTA_DIAGRAM_READINGS),
  peerTipos: ['gerador', 'qta'],
};

const QGBT_MEASUREMENTS = [
  { name: 'kW', label: 'Potência ativa', unit: 'kW' },
  { name: 'kVAr', label: 'Potência reativa', unit: 'kVAr' },
  { name: 'FP', label: 'Fator de potência', unit: '' },
  { name: 'Hz', label: 'Frequência', unit: 'Hz' },
  { name: 'kWh', label: 'Energia', unit: 'kWh' },
];

export const qgbtDiagram: Section = {
  type: 'diagram',
  title: 'Sinótico do QGBT',
  diagram: {
    kind: 'feeder',
    supply: ['transformer'],
    supplyLabel: 'Entrada',
    busLabel: 'Barramento do QGBT',
    loadLabel: 'Cargas',
    measurements: QGBT_MEASUREMENTS,
  },
  readings: QGBT_MEASUREMENTS.map((m) => m.name),
};

const SUBSTATION_MEASUREMENTS = [
  { name: 'kW', label: 'Potência ativa', unit: 'kW' },
  { name: 'kVAr', label: 'Potência reativa', unit: 'kVAr' },
  { name: 'FP', label: 'Fator de potência', unit: '' },
  { name: 'Hz', label: 'Frequência', unit: 'Hz' },
  { name: 'Vab', label: 'Tensão AB', unit: 'V' },
  { name: 'Ia', label: 'Corrente A', unit: 'A' },
  { name: 'kWh', label: 'Energia', unit: 'kWh' },
];

export const substationDiagram: Section = {
  type: 'diagram',
  title: 'Diagrama da subestação',
  diagram: {
    kind: 'feeder',
    supply: ['grid', 'transformer'],
    supplyLabel: 'Rede',
    busLabel: 'Barramento da subestação',
    loadLabel: 'Saída',
    measurements: SUBSTATION_MEASUREMENTS,
  },
  readings: SUBSTATION_MEASUREMENTS.map((m) => m.name),
};
