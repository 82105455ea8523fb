import { READING } from '@vigia/domain';
import type { LevelSpec, ReadingSpec, Section, StateSpec } from '../types';

/*
 * Building blocks the panel variants share. Reading names are the spec's
 * (spec 001 "Overview panels") and the demo fleet's; labels are pt-BR.
 */

const r = (name: string, label: string, extra: Partial<ReadingSpec> = {}): ReadingSpec => ({
  name,
  label,
  ...extra,
});

// Generators (GMG) ----------------------------------------------------------

export const GENERATOR_STATE_ITEMS: readonly StateSpec[] = [
  { name: READING.generatorStatus, label: 'Status', decoder: 'generatorStatus' },
  { name: READING.generatorMode, label: 'Modo', decoder: 'generatorMode' },
  { name: READING.groupSwitch, label: 'Chave do grupo', decoder: 'switch' },
];

export const generatorStates: Section = {
  type: 'states',
  title: 'Estado do GMG',
  items: GENERATOR_STATE_ITEMS,
};

export const GENERATOR_VOLTAGES = [
  r('Vab', 'Tensão AB'),
  r('Vbc', 'Tensão BC'),
  r('Vca', 'Tensão CA'),
] as const;
export const GENERATOR_CURRENTS = [
  r('Ia', 'Corrente A'),
  r('Ib', 'Corrente B'),
  r('Ic', 'Corrente C'),
] as const;

export const generatorPhases: Section = {
  type: 'readings',
  title: 'Tensões e correntes',
  format: 'generator',
  columns: 3,
  items: [...GENERATOR_VOLTAGES, ...GENERATOR_CURRENTS],
};

export const generatorPower: Section = {
  type: 'readings',
  title: 'Potência',
  format: 'generator',
  columns: 3,
  items: [
    r('kW', 'Potência ativa'),
    r('kVA', 'Potência aparente'),
    r('kVAr', 'Potência reativa'),
    r('FP', 'Fator de potência'),
    r('Hz', 'Frequência'),
  ],
};

export const ENGINE_ITEMS: readonly ReadingSpec[] = [
  r('RPM', 'Rotação', { decimals: 0 }),
  r('OilTemp', 'Temperatura do óleo'),
  r('PO', 'Pressão do óleo'),
  r('TA', 'Temperatura da água'),
  r('Vcc', 'Tensão da bateria'),
];

export const generatorEngine: Section = {
  type: 'readings',
  title: 'Motor',
  format: 'generator',
  columns: 3,
  items: [...ENGINE_ITEMS, r('Partidas', 'Partidas', { format: 'integer' })],
};

export const generatorCounters: Section = {
  type: 'readings',
  title: 'Contadores',
  format: 'generator',
  items: [
    r('horimetro', 'Horímetro'),
    r('Partidas', 'Partidas', { format: 'integer' }),
    r('kWh', 'Energia gerada'),
  ],
};

export const LOAD_LEVEL: LevelSpec = {
  name: READING.loadSpeed,
  label: 'Carga (LoadSpeed)',
  format: 'generator',
  scale: { kind: 'fixed', max: 100 },
  rule: 'loadSpeed',
};

export const FUEL_LEVEL: LevelSpec = {
  name: READING.fuelLevel,
  label: 'Nível de combustível',
  format: 'fuel',
  scale: { kind: 'fixed', max: 100 },
};

export const POWER_OF_NOMINAL: LevelSpec = {
  name: 'kW',
  label: 'Potência / nominal',
  format: 'generator',
  scale: { kind: 'nominal', param: 'kwn' },
};

export const generatorLevels: Section = {
  type: 'levels',
  title: 'Níveis',
  items: [LOAD_LEVEL, POWER_OF_NOMINAL, FUEL_LEVEL],
};

export const otherGenerators: Section = {
  type: 'otherGenerators',
  title: 'Outros geradores do local',
};

// Mains and transfer (QTA) ----------------------------------------------------

export const MAINS_VOLTAGES = [
  r('redeVab', 'Rede AB'),
  r('redeVbc', 'Rede BC'),
  r('redeVca', 'Rede CA'),
] as const;

export const TRANSFER_STATE_ITEMS: readonly StateSpec[] = [
  { name: READING.mainsStatus, label: 'Rede', decoder: 'mainsStatus' },
  { name: READING.mainsSwitch, label: 'Chave da rede', decoder: 'mainsSwitch' },
  { name: READING.groupSwitch, label: 'Chave do grupo', decoder: 'groupSwitch' },
  { name: READING.generatorMode, label: 'Modo', decoder: 'generatorMode' },
];

/** The site's transfer panel, read from the QTA beside the generator. */
export const siteTransfer: readonly Section[] = [
  {
    type: 'states',
    title: 'Transferência (QTA)',
    source: { peerTipo: 'qta' },
    items: TRANSFER_STATE_ITEMS.filter((s) => s.name !== READING.generatorMode),
  },
  {
    type: 'readings',
    title: 'Rede da concessionária (QTA)',
    source: { peerTipo: 'qta' },
    columns: 3,
    items: [...MAINS_VOLTAGES, r('redeHz', 'Frequência', { decimals: 1 }), r('redekW', 'Potência')],
  },
];

// Aggregate measurements (plant, SCD, QGBT) ---------------------------------

export const aggregateMeasurements: Section = {
  type: 'readings',
  title: 'Medições',
  columns: 4,
  items: [
    r('kW', 'Potência ativa'),
    r('kVAr', 'Potência reativa'),
    r('FP', 'Fator de potência'),
    r('Hz', 'Frequência'),
    r('Vab', 'Tensão AB'),
    r('Ia', 'Corrente A'),
    r('kWh', 'Energia'),
  ],
};

// Gas PLCs --------------------------------------------------------------------

export const pressures = (names: readonly string[], title = 'Pressões'): Section => ({
  type: 'readings',
  title,
  columns: names.length > 4 ? 3 : 2,
  items: names.map((name) => r(name, name.toUpperCase(), { decimals: 1 })),
});

export const PLC_TEMPERATURES: Section = {
  type: 'readings',
  title: 'Temperaturas',
  items: [r('tt01', 'TT01', { decimals: 1 }), r('tt02', 'TT02', { decimals: 1 })],
};

export const plcAlarms = (count: number): Section => ({
  type: 'alarms',
  title: 'Alarmes',
  items: Array.from({ length: count }, (_, i) => ({
    name: `alarme${i + 1}`,
    label: `Alarme ${i + 1}`,
  })),
});

export const gasFlow: Section = {
  type: 'readings',
  title: 'Vazão e consumo',
  items: [r('vazao', 'Vazão', { decimals: 1 }), r('consumoDia', 'Consumo do dia', { decimals: 0 })],
};

export const PT_ALL = ['pt01', 'pt02', 'pt03', 'pt04', 'pt05', 'pt06', 'pt07', 'pt08', 'pt09'];

export { r as reading };
