import {
  BATTERY_ORDER_FIELDS,
  type BatteryRow,
  LOADSPEED_ORDER_FIELDS,
  type LoadSpeedRow,
  POWER_ORDER_FIELDS,
  type PowerRow,
  TANK_ORDER_FIELDS,
  type TankRow,
} from '@vigia/contract';
import {
  formatDateTime,
  formatNumber,
  formatReading,
  fuelLevelDisplay,
  loadSpeedSeverity,
  NOMINAL_MISSING,
  PLACEHOLDER_NUMBER,
  powerPercentSeverity,
  READING,
  rowCommunication,
  SEVERITY_LABEL,
  SEVERITY_TONE,
  TANK_COLOR_TONE,
  type Tone,
  tankColor,
  tankStatus,
} from '@vigia/domain';
import type { ReactNode } from 'react';
import type { ListColumn } from '../../../ui/table/types';
import type { Display } from './decode';
import {
  type ColumnContext,
  communicationColumn,
  identityColumns,
  placeColumns,
  stateColumn,
  toneNumberColumn,
  typeColumn,
} from './deviceColumns';
import { DATE_WIDTH, fitHeaders } from './fitHeaders';
import { valueColumns } from './notCurrent';

/*
 * Columns of the analysis lists (battery, power, load speed) and the tank
 * lists of spec 000 §7. Bands and colours are the domain's.
 */

const BATTERY_SORT: ReadonlySet<string> = new Set(BATTERY_ORDER_FIELDS);
const POWER_SORT: ReadonlySet<string> = new Set(POWER_ORDER_FIELDS);
const LOADSPEED_SORT: ReadonlySet<string> = new Set(LOADSPEED_ORDER_FIELDS);
const TANK_SORT: ReadonlySet<string> = new Set(TANK_ORDER_FIELDS);

function percent(value: number | null): string {
  return value === null ? PLACEHOLDER_NUMBER : `${formatNumber(value, 2)}%`;
}

/** A % of a nominal; where no nominal is registered, the note instead (never a % of an invented one). */
function percentOfNominalText(row: { percentual: number | null }, nominal: number | null): string {
  return nominal === null ? NOMINAL_MISSING : percent(row.percentual);
}

function severityDisplay(severity: keyof typeof SEVERITY_LABEL | null): Display {
  return severity
    ? { text: SEVERITY_LABEL[severity], tone: SEVERITY_TONE[severity] }
    : { text: 'Normal', tone: 'good' };
}

function readingTime<T extends { ts: number | null }>(): ListColumn<T> {
  return {
    key: 'ts',
    header: 'Data da Leitura',
    kind: 'date',
    width: DATE_WIDTH,
    cell: (row) => formatDateTime(row.ts),
  };
}

export function batteryColumns(ctx: ColumnContext): ListColumn<BatteryRow>[] {
  return fitHeaders([
    ...identityColumns<BatteryRow>(BATTERY_SORT, ctx),
    communicationColumn<BatteryRow>(ctx),
    ...valueColumns<BatteryRow>(
      [
        {
          key: 'vcc',
          header: 'Tensão (Vcc)',
          kind: 'number',
          sortable: true,
          cell: (row) => formatReading('Vcc', row.vcc),
        },
        {
          key: 'vccn',
          header: 'Nominal (Vcc)',
          kind: 'number',
          cell: (row) => (row.vccn === null ? PLACEHOLDER_NUMBER : formatNumber(row.vccn, 2)),
        },
        {
          key: 'percentual',
          header: '% do Nominal',
          kind: 'number',
          sortable: true,
          cell: (row) => percentOfNominalText(row, row.vccn),
        },
        stateColumn<BatteryRow>(
          'chave',
          'Chave Rede',
          (row) =>
            row.chave === null
              ? { text: PLACEHOLDER_NUMBER }
              : { text: row.chave, tone: row.chave === 'FECHADA' ? 'info' : 'neutral' },
          { width: 120 },
        ),
      ],
      ctx,
    ),
    readingTime<BatteryRow>(),
    typeColumn<BatteryRow>(BATTERY_SORT),
    ...placeColumns<BatteryRow>(BATTERY_SORT),
  ]);
}

/**
 * Power in % of nominal with the domain band (1 to 30 Crítico, above 30 Atenção);
 * no verdict for a generator without its nominal registered.
 */
export function powerSeverity(row: Pick<PowerRow, 'percentual' | 'kwn'>): Display {
  if (row.kwn === null) return { text: PLACEHOLDER_NUMBER };
  return severityDisplay(powerPercentSeverity(row.percentual));
}

export function powerColumns(ctx: ColumnContext): ListColumn<PowerRow>[] {
  return fitHeaders([
    ...identityColumns<PowerRow>(POWER_SORT, ctx),
    communicationColumn<PowerRow>(ctx),
    ...valueColumns<PowerRow>(
      [
        stateColumn<PowerRow>('severidade', 'Situação', powerSeverity, {
          width: 110,
          sortable: true,
        }),
        {
          key: 'kw',
          header: 'kW',
          kind: 'number',
          sortable: true,
          cell: (row) => formatReading('kW', row.kw),
        },
        {
          key: 'kwn',
          header: 'kW Nominal',
          kind: 'number',
          cell: (row) => (row.kwn === null ? PLACEHOLDER_NUMBER : formatNumber(row.kwn, 2)),
        },
        toneNumberColumn<PowerRow>(
          'percentual',
          '% do Nominal',
          (row) => ({
            text: percentOfNominalText(row, row.kwn),
            tone: powerSeverity(row).tone === 'good' ? undefined : powerSeverity(row).tone,
          }),
          { sortable: true, width: 120 },
        ),
      ],
      ctx,
    ),
    readingTime<PowerRow>(),
    ...placeColumns<PowerRow>(POWER_SORT),
  ]);
}

/** LoadSpeed with the domain band (80 or more Crítico, 65 to 79 Atenção). */
export function loadSpeedBand(row: Pick<LoadSpeedRow, 'loadSpeed'>): Display {
  return severityDisplay(loadSpeedSeverity(row.loadSpeed));
}

export function loadSpeedColumns(ctx: ColumnContext): ListColumn<LoadSpeedRow>[] {
  return fitHeaders([
    ...identityColumns<LoadSpeedRow>(LOADSPEED_SORT, ctx),
    communicationColumn<LoadSpeedRow>(ctx),
    ...valueColumns<LoadSpeedRow>(
      [
        stateColumn<LoadSpeedRow>('severidade', 'Situação', loadSpeedBand, {
          width: 110,
          sortable: true,
        }),
        toneNumberColumn<LoadSpeedRow>(
          'loadSpeed',
          'LoadSpeed (%)',
          (row) => ({
            text: formatReading(READING.loadSpeed, row.loadSpeed),
            tone: loadSpeedBand(row).tone === 'good' ? undefined : loadSpeedBand(row).tone,
          }),
          { sortable: true, width: 130 },
        ),
      ],
      ctx,
    ),
    readingTime<LoadSpeedRow>(),
    ...placeColumns<LoadSpeedRow>(LOADSPEED_SORT),
  ]);
}

/** The colour of a tank row: critico ≥ 80 red, 65 to 80 yellow, otherwise none. */
export function tankTone(row: Pick<TankRow, 'critico'>): Tone | undefined {
  const color = tankColor(row.critico);
  return color === 'white' ? undefined : TANK_COLOR_TONE[color];
}

/** The tank row's colour while its level is current; a silent tank's old level takes none. */
export function tankRowTone(
  row: Pick<TankRow, 'critico' | 'resumoComunicacao' | 'ultimaLeitura'>,
  nowSec: number,
): Tone | undefined {
  return rowCommunication(row, nowSec).online ? tankTone(row) : undefined;
}

/** Levels show 2 decimals, or '---' when empty (spec 001 §2). */
export function tankLevel(row: Pick<TankRow, 'nivel'>): string {
  const text = fuelLevelDisplay(row.nivel, 2);
  return text === PLACEHOLDER_NUMBER ? text : `${text}%`;
}

export function tankColumns(
  ctx: ColumnContext,
  chartLink: (row: TankRow) => ReactNode,
): ListColumn<TankRow>[] {
  return fitHeaders([
    ...identityColumns<TankRow>(TANK_SORT, ctx),
    communicationColumn<TankRow>(ctx),
    ...valueColumns<TankRow>(
      [
        toneNumberColumn<TankRow>(
          'nivel',
          'Nível',
          (row) => ({ text: tankLevel(row), tone: tankTone(row) }),
          { sortable: true, width: 100 },
        ),
        {
          key: 'litros',
          header: 'Litros',
          kind: 'number',
          sortable: true,
          cell: (row) => formatNumber(row.litros, 0, { grouping: true }),
        },
        {
          key: 'capacidade',
          header: 'Capacidade (L)',
          kind: 'number',
          cell: (row) => formatNumber(row.capacidade, 0, { grouping: true }),
        },
        {
          key: 'temperatura',
          header: 'Temp. (°C)',
          kind: 'number',
          sortable: true,
          cell: (row) => formatNumber(row.temperatura, 1),
        },
        {
          key: 'status',
          header: 'Status',
          width: 160,
          cell: (row) => tankStatus(row.status).join(' · ') || PLACEHOLDER_NUMBER,
        },
      ],
      ctx,
    ),
    { key: 'grafico', header: 'Gráfico', width: 90, cell: chartLink },
    readingTime<TankRow>(),
    ...placeColumns<TankRow>(TANK_SORT),
  ]);
}
