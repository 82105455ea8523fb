import { formatNumber, READING } from '@vigia/domain';
import {
  automation,
  fuelLevel,
  generatorModeOf,
  generatorStatusOf,
  groupSwitch,
  inverterStatus,
  loadSpeed,
  mainsStatusOf,
  mainsSwitch,
  meterReading,
  readingFixed,
  upsAlarmList,
  upsMode,
  value,
} from './decode';
import {
  type ColumnContext,
  type DeviceColumn,
  readingColumn,
  stateColumn,
  toneReadingColumn,
} from './deviceColumns';

/*
 * The reading columns of each device type (spec 001 §2 "List screens").
 * Reading names are the demo fleet's (spec 001 "Overview panels").
 */

export function generatorColumns(ctx: ColumnContext): DeviceColumn[] {
  return [
    stateColumn('info:modoWeb', 'Modo', generatorModeOf, { width: 110 }),
    stateColumn('info:statusGMG', 'Status', (row) => generatorStatusOf(row, ctx.nowSec), {
      width: 110,
    }),
    readingColumn('kW', 'kW'),
    toneReadingColumn(READING.loadSpeed, 'Carga (%)', loadSpeed),
    toneReadingColumn(READING.fuelLevel, 'Combustível (%)', fuelLevel, { width: 130 }),
    readingColumn('Vcc', 'Bateria (Vcc)'),
    readingColumn('Hz', 'Hz', { width: 90 }),
    stateColumn('info:chaveGrupo', 'Chave Grupo', groupSwitch, { width: 120 }),
    readingColumn('kVA', 'kVA', { defaultHidden: true }),
    readingColumn('OilTemp', 'Temp. Óleo (°C)', { defaultHidden: true, width: 130 }),
    readingColumn('PO', 'Pressão Óleo (bar)', { defaultHidden: true, width: 140 }),
    readingColumn('TA', 'Temp. Água (°C)', { defaultHidden: true, width: 130 }),
    readingColumn('RPM', 'RPM', { defaultHidden: true, format: (r) => readingFixed(r, 'RPM', 0) }),
    readingColumn('horimetro', 'Horímetro (h)', { defaultHidden: true, width: 130 }),
  ];
}

export function qtaColumns(): DeviceColumn[] {
  return [
    stateColumn('info:statusRede', 'Rede', mainsStatusOf, { width: 110 }),
    stateColumn('info:chaveRede', 'Chave Rede', mainsSwitch, { width: 120 }),
    stateColumn('info:chaveGrupo', 'Chave Grupo', groupSwitch, { width: 120 }),
    readingColumn('redekW', 'kW Rede'),
    readingColumn('kW', 'kW Grupo'),
    readingColumn('redeVab', 'Tensão Rede (V)', { width: 130 }),
    readingColumn('redeHz', 'Hz Rede', { width: 100, format: (r) => readingFixed(r, 'redeHz', 1) }),
    stateColumn('info:modoWeb', 'Modo', generatorModeOf, { width: 110, defaultHidden: true }),
  ];
}

/** Transfer panels: mains and bus kW (spec 001 §2). */
export function tfrColumns(): DeviceColumn[] {
  return [
    stateColumn('info:statusRede', 'Rede', mainsStatusOf, { width: 110 }),
    readingColumn('redekW', 'kW Rede'),
    readingColumn('barrakW', 'kW Barra'),
    readingColumn('kW', 'kW Exportado', { width: 120 }),
    readingColumn('Hz', 'Hz', { width: 90 }),
    readingColumn('FP', 'FP', { width: 80 }),
    stateColumn('info:modoWeb', 'Modo', generatorModeOf, { width: 110 }),
    readingColumn('kVAr', 'kVAr', { defaultHidden: true }),
    readingColumn('redeVab', 'Tensão Rede (V)', { defaultHidden: true, width: 130 }),
    readingColumn('barraVab', 'Tensão Barra (V)', { defaultHidden: true, width: 130 }),
  ];
}

/** UPS: battery backup time, charge level, battery voltage, output load level (spec 001 §2). */
export function upsColumns(): DeviceColumn[] {
  return [
    readingColumn('autonomia', 'Autonomia (min)', {
      width: 130,
      format: (r) => readingFixed(r, 'autonomia', 0),
    }),
    readingColumn('cargaBateria', 'Carga Bateria (%)', { width: 140 }),
    readingColumn('Vbat', 'Tensão Bateria (V)', { width: 140 }),
    readingColumn('cargaPercent', 'Nível de Carga (%)', { width: 140 }),
    stateColumn('info:statusUPS1', 'Modo', upsMode, { width: 250 }),
    stateColumn('info:statusUPS2', 'Bateria', upsAlarmList, { width: 200 }),
    readingColumn('HzOut', 'Hz Saída', { defaultHidden: true, width: 100 }),
    readingColumn('tempSala', 'Temp. Sala (°C)', { defaultHidden: true, width: 130 }),
  ];
}

export function batteryMonitorColumns(): DeviceColumn[] {
  return [
    readingColumn('Vbat', 'Tensão Banco (V)', { width: 130 }),
    readingColumn('Ibat', 'Corrente (A)'),
    readingColumn('soc', 'Carga (%)', { format: (r) => readingFixed(r, 'soc', 0) }),
    readingColumn('tempBat', 'Temp. (°C)', { format: (r) => readingFixed(r, 'tempBat', 1) }),
    readingColumn('autonomia', 'Autonomia (min)', {
      width: 130,
      format: (r) => readingFixed(r, 'autonomia', 0),
    }),
    readingColumn('celulaMin', 'Célula Mín. (V)', {
      width: 120,
      format: (r) => readingFixed(r, 'celulaMin', 3),
    }),
    readingColumn('celulaMax', 'Célula Máx. (V)', {
      width: 120,
      format: (r) => readingFixed(r, 'celulaMax', 3),
      defaultHidden: true,
    }),
  ];
}

/** I/O modules: the 8 analogue channels and the digital word. */
export function ioColumns(): DeviceColumn[] {
  return [
    ...[1, 2, 3, 4, 5, 6, 7, 8].map((n) =>
      readingColumn(`ai${n}`, `AI${n} (%)`, { width: 90, defaultHidden: n > 5 }),
    ),
    readingColumn('di', 'Entradas Digitais', {
      width: 140,
      // A word of bits, not a quantity: no thousands separator.
      format: (r) => formatNumber(value(r, 'di'), 0, { grouping: false }),
    }),
  ];
}

/** Refrigerators (cold rooms with an inverter). */
export function refrigeratorColumns(): DeviceColumn[] {
  return [
    stateColumn('info:automacao', 'Automação', automation, { width: 110 }),
    readingColumn('tempCamara', 'Temp. Câmara (°C)', {
      width: 140,
      format: (r) => readingFixed(r, 'tempCamara', 1),
    }),
    readingColumn('tempEvaporador', 'Temp. Evaporador (°C)', {
      width: 160,
      format: (r) => readingFixed(r, 'tempEvaporador', 1),
    }),
    readingColumn('freqInversor', 'Freq. Inversor (Hz)', {
      width: 150,
      format: (r) => readingFixed(r, 'freqInversor', 1),
    }),
    readingColumn('correnteCompressor', 'Corrente Compressor (A)', { width: 180 }),
    stateColumn('info:statusInversor', 'Status Inversor', inverterStatus, { width: 220 }),
    readingColumn('pressaoSuccao', 'Sucção (bar)', { defaultHidden: true }),
    readingColumn('pressaoDescarga', 'Descarga (bar)', { defaultHidden: true }),
  ];
}

/** Energy meters: power and energy divided by 1000 (spec 001 §5). */
export function meterColumns(): DeviceColumn[] {
  return [
    readingColumn('KW', 'Potência (kW)', { width: 130, format: (r) => meterReading(r, 'KW') }),
    readingColumn('KWH_TOTAL_H', 'Energia (kWh)', {
      width: 150,
      format: (r) => meterReading(r, 'KWH_TOTAL_H'),
    }),
    readingColumn('MAX_KW', 'Demanda Máx. (kW)', {
      width: 150,
      format: (r) => meterReading(r, 'MAX_KW'),
    }),
    readingColumn('HZ', 'Hz', { width: 90 }),
    readingColumn('PF', 'FP', { width: 80 }),
    readingColumn('NUMSERIE', 'Nº de Série', {
      kind: 'text',
      width: 130,
      format: (r) => formatNumber(value(r, 'NUMSERIE'), 0, { grouping: false }),
    }),
    readingColumn('VA', 'Tensão A (V)', { defaultHidden: true }),
    readingColumn('IA', 'Corrente A (A)', { defaultHidden: true }),
  ];
}

/** Gas stations (CNG). */
export function gasStationColumns(): DeviceColumn[] {
  return [
    readingColumn('pt01', 'Pressão Estocagem (bar)', { width: 170 }),
    readingColumn('pt02', 'Pressão Abastecimento (bar)', { width: 190 }),
    readingColumn('tt01', 'Temperatura (°C)', {
      width: 130,
      format: (r) => readingFixed(r, 'tt01', 1),
    }),
    readingColumn('vazao', 'Vazão (m³/h)', { width: 120 }),
    readingColumn('estoque', 'Estoque (m³)', { width: 120 }),
    readingColumn('consumoDia', 'Consumo do Dia (m³)', { width: 150 }),
  ];
}
