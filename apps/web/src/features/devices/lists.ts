import type { DeviceRow } from '@vigia/contract';
import { formatNumber, READING } from '@vigia/domain';
import type { DeviceSelection } from './api/get-device-page';
import { meterReading, value } from './columns/decode';
import { type ColumnContext, type DeviceColumn, deviceListColumns } from './columns/deviceColumns';
import {
  batteryMonitorColumns,
  gasStationColumns,
  generatorColumns,
  ioColumns,
  meterColumns,
  qtaColumns,
  refrigeratorColumns,
  tfrColumns,
  upsColumns,
} from './columns/typeColumns';

/** A reading shown on a device's card: its name, a label and the unit after the number. */
export interface CardReading {
  nome: string;
  label: string;
  unidade: string;
  format?: (row: DeviceRow) => string;
}

/** One list screen over `GET /api/dispositivos/infosFiltro`. */
export interface DeviceListDefinition {
  /** Table id (stored column choice) and test id. */
  id: string;
  /** Page heading, pt-BR. */
  title: string;
  /** Singular noun for 'Nenhum {item} encontrado.' */
  item: string;
  selection: DeviceSelection;
  /** Readings asked for (only what the columns and cards show). */
  nomes: readonly string[];
  columns: (ctx: ColumnContext) => DeviceColumn[];
  cardReadings: readonly CardReading[];
  /** Generators: the card's Success also needs GMG ON (spec 001 §4). */
  generators?: boolean;
}

const GENERATOR_READINGS = [
  READING.generatorMode,
  READING.generatorStatus,
  'kW',
  'kVA',
  READING.loadSpeed,
  READING.fuelLevel,
  'Vcc',
  'Hz',
  READING.groupSwitch,
  'OilTemp',
  'PO',
  'TA',
  'RPM',
  'horimetro',
];

const GENERATOR_CARD: CardReading[] = [
  { nome: 'kW', label: 'Potência', unidade: 'kW' },
  { nome: READING.loadSpeed, label: 'Carga', unidade: '%' },
  { nome: READING.fuelLevel, label: 'Combustível', unidade: '%' },
];

function generators(id: string, title: string, selection: Partial<DeviceSelection>) {
  return {
    id,
    title,
    item: 'gerador',
    selection: { tipo: ['gerador'], ...selection },
    nomes: GENERATOR_READINGS,
    columns: (ctx: ColumnContext) => deviceListColumns(ctx, generatorColumns(ctx)),
    cardReadings: GENERATOR_CARD,
    generators: true,
  } satisfies DeviceListDefinition;
}

export const DEVICE_LISTS = {
  geradores: generators('geradores', 'Lista Geradores', {}),
  geradoreson: generators('geradoreson', 'Lista Geradores Funcionando', { funcionando: true }),
  primeclusters: generators('primeclusters', 'Status Geradores Prime Geral', { regime: 'prime' }),
  qtas: {
    id: 'qtas',
    title: 'Lista QTA',
    item: 'QTA',
    selection: { tipo: ['qta'] },
    nomes: [
      READING.mainsStatus,
      READING.mainsSwitch,
      READING.groupSwitch,
      'redekW',
      'kW',
      'redeVab',
      'redeHz',
      READING.generatorMode,
    ],
    columns: (ctx) => deviceListColumns(ctx, qtaColumns()),
    cardReadings: [
      { nome: 'redekW', label: 'Rede', unidade: 'kW' },
      { nome: 'kW', label: 'Grupo', unidade: 'kW' },
    ],
  },
  tfrs: {
    id: 'tfrs',
    title: 'Lista Tfr',
    item: 'TFR',
    selection: { tipo: ['tfr'] },
    nomes: [
      READING.mainsStatus,
      'redekW',
      'barrakW',
      'kW',
      'Hz',
      'FP',
      READING.generatorMode,
      'kVAr',
      'redeVab',
      'barraVab',
    ],
    columns: (ctx) => deviceListColumns(ctx, tfrColumns()),
    cardReadings: [
      { nome: 'redekW', label: 'Rede', unidade: 'kW' },
      { nome: 'barrakW', label: 'Barra', unidade: 'kW' },
    ],
  },
  ups: {
    id: 'ups',
    title: 'Lista UPS',
    item: 'UPS',
    selection: { tipo: ['ups'] },
    nomes: [
      'autonomia',
      'cargaBateria',
      'Vbat',
      'cargaPercent',
      READING.upsMode,
      READING.upsAlarms,
      'HzOut',
      'tempSala',
    ],
    columns: (ctx) => deviceListColumns(ctx, upsColumns()),
    cardReadings: [
      { nome: 'autonomia', label: 'Autonomia', unidade: 'min' },
      { nome: 'cargaBateria', label: 'Bateria', unidade: '%' },
      { nome: 'cargaPercent', label: 'Carga', unidade: '%' },
    ],
  },
  batmon: {
    id: 'batmon',
    title: 'Lista Monitor Bateria',
    item: 'monitor de bateria',
    selection: { tipo: ['batmon'] },
    nomes: ['Vbat', 'Ibat', 'soc', 'tempBat', 'autonomia', 'celulaMin', 'celulaMax'],
    columns: (ctx) => deviceListColumns(ctx, batteryMonitorColumns()),
    cardReadings: [
      { nome: 'Vbat', label: 'Tensão', unidade: 'V' },
      { nome: 'soc', label: 'Carga', unidade: '%' },
    ],
  },
  io: {
    id: 'io',
    title: 'Lista I/O',
    item: 'módulo de I/O',
    selection: { tipo: ['io'] },
    nomes: ['ai1', 'ai2', 'ai3', 'ai4', 'ai5', 'ai6', 'ai7', 'ai8', 'di'],
    columns: (ctx) => deviceListColumns(ctx, ioColumns()),
    cardReadings: [
      { nome: 'ai1', label: 'AI1', unidade: '%' },
      { nome: 'ai2', label: 'AI2', unidade: '%' },
    ],
  },
  geladeira: {
    id: 'geladeira',
    title: 'Lista Geladeiras',
    item: 'geladeira',
    selection: { tipo: ['geladeira'] },
    nomes: [
      READING.inverterAutomation,
      'tempCamara',
      'tempEvaporador',
      'freqInversor',
      'correnteCompressor',
      READING.inverterStatus,
      'pressaoSuccao',
      'pressaoDescarga',
    ],
    columns: (ctx) => deviceListColumns(ctx, refrigeratorColumns()),
    cardReadings: [
      { nome: 'tempCamara', label: 'Câmara', unidade: '°C' },
      { nome: 'freqInversor', label: 'Inversor', unidade: 'Hz' },
    ],
  },
  medidores: {
    id: 'medidores',
    title: 'Lista Medidores',
    item: 'medidor',
    selection: { tipo: ['medidor'] },
    nomes: ['KW', 'KWH_TOTAL_H', 'MAX_KW', 'HZ', 'PF', 'NUMSERIE', 'VA', 'IA'],
    columns: (ctx) => deviceListColumns(ctx, meterColumns()),
    cardReadings: [
      { nome: 'KW', label: 'Potência', unidade: 'kW', format: (row) => meterReading(row, 'KW') },
      { nome: 'PF', label: 'FP', unidade: '' },
    ],
  },
  postos: {
    id: 'postos',
    title: 'Lista Postos',
    item: 'posto',
    selection: { tipo: ['posto'] },
    nomes: ['pt01', 'pt02', 'tt01', 'vazao', 'estoque', 'consumoDia'],
    columns: (ctx) => deviceListColumns(ctx, gasStationColumns()),
    cardReadings: [
      { nome: 'pt01', label: 'Estocagem', unidade: 'bar' },
      { nome: 'estoque', label: 'Estoque', unidade: 'm³' },
    ],
  },
} satisfies Record<string, DeviceListDefinition>;

export type DeviceListKey = keyof typeof DEVICE_LISTS;

/** Readings a mixed list (a plant's, SCD's or venue's devices) shows on cards. */
export const MIXED_CARD_READINGS: Readonly<Record<string, readonly CardReading[]>> = {
  gerador: GENERATOR_CARD,
  qta: DEVICE_LISTS.qtas.cardReadings,
  tfr: DEVICE_LISTS.tfrs.cardReadings,
  ups: DEVICE_LISTS.ups.cardReadings,
  batmon: DEVICE_LISTS.batmon.cardReadings,
  io: DEVICE_LISTS.io.cardReadings,
  geladeira: DEVICE_LISTS.geladeira.cardReadings,
  medidor: DEVICE_LISTS.medidores.cardReadings,
  posto: DEVICE_LISTS.postos.cardReadings,
  tanque: [
    { nome: 'nivel', label: 'Nível', unidade: '%' },
    {
      nome: 'litros',
      label: 'Volume',
      unidade: 'L',
      format: (row) => formatNumber(value(row, 'litros'), 0, { grouping: true }),
    },
  ],
  usina: [{ nome: 'kW', label: 'Potência', unidade: 'kW' }],
  scd: [{ nome: 'kW', label: 'Potência', unidade: 'kW' }],
  transformer: [
    { nome: 'T1', label: 'Enrolamento 1', unidade: '°C' },
    { nome: 'kW', label: 'Potência', unidade: 'kW' },
  ],
  qgbt: [{ nome: 'kW', label: 'Potência', unidade: 'kW' }],
  plc: [{ nome: 'pt01', label: 'PT01', unidade: 'bar' }],
  carreta: [{ nome: 'pt01', label: 'Pressão', unidade: 'bar' }],
};

/** Every reading a mixed list asks for: its cards' readings plus what decides a generator's card. */
export const MIXED_READINGS: readonly string[] = [
  ...new Set([
    READING.generatorStatus,
    READING.generatorMode,
    READING.mainsStatus,
    ...Object.values(MIXED_CARD_READINGS).flatMap((readings) => readings.map((r) => r.nome)),
  ]),
];
