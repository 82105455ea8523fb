import type { OccurrenceColumn, OccurrenceRow } from '@vigia/contract';
import {
  alarmRowStyle,
  alarmState,
  formatDateTime,
  formatNumber,
  formatText,
  PLACEHOLDER_MISSING,
  percentage,
} from '@vigia/domain';
import type { ReactNode } from 'react';
import type { ListColumn } from '../../../ui/table/types';
import { SORTABLE_COLUMN } from '../filters';

type Field = keyof OccurrenceRow;

/** Row fields the server may name in a configuration column; anything else is skipped. */
const FIELDS = new Set<string>([
  'id',
  'critico',
  'idSite',
  'idDispositivo',
  'idSistema',
  'isEvt',
  'horaAtivacao',
  'horaDesativacao',
  'horaAck',
  'nomeAlarme',
  'valorFalha',
  'percent',
  'ackUsuario',
  'patrimonio',
  'localNome',
  'uf',
  'estado',
  'repeticoes',
]);

/** Sized so the default columns, activation time included, fit a 1440 px screen. */
const WIDTHS: Partial<Record<Field, number>> = {
  estado: 200,
  repeticoes: 110,
  nomeAlarme: 200,
  critico: 110,
  valorFalha: 104,
  percent: 104,
  isEvt: 88,
  uf: 48,
  localNome: 160,
  patrimonio: 124,
  horaAtivacao: 176,
  ackUsuario: 170,
  id: 96,
  idDispositivo: 110,
  idSite: 96,
  idSistema: 96,
};

/** The alarm state's label; the row's colour says the same (spec 001 §4). */
export function stateLabel(row: OccurrenceRow): string {
  return alarmRowStyle(alarmState(row)).label;
}

function numberCell(column: OccurrenceColumn, field: Field) {
  return (row: OccurrenceRow): string => {
    const value = row[field] as number | null;
    // 'percent' is the spec's 'percentage' filter: ×100 with 2 decimals.
    if (field === 'percent') return percentage(value);
    // Ids are codes, never grouped or padded with decimals.
    if (column.casaDecimal === null || column.casaDecimal === 0) {
      return value === null ? formatNumber(value, 0) : String(value);
    }
    return formatNumber(value, column.casaDecimal);
  };
}

function cellOf(column: OccurrenceColumn, field: Field): (row: OccurrenceRow) => string {
  switch (column.tipo) {
    case 'data':
      return (row) => formatDateTime(row[field] as number | null);
    case 'numero':
      return numberCell(column, field);
    case 'estado':
      return stateLabel;
    case 'usuario':
      return (row) => row.ackUsuario?.nome || row.ackUsuario?.login || PLACEHOLDER_MISSING;
    case 'tipo':
      return (row) => (row.isEvt ? 'Evento' : 'Alarme');
    default:
      return (row) => formatText(row[field] as string | null);
  }
}

const KIND = { data: 'date', numero: 'number' } as const;

/**
 * The table columns of an occurrence configuration (spec 000 §7): the server
 * names the fields, titles, types, decimals and which show on mobile. The
 * selection column becomes the table's checkbox column instead.
 */
export function occurrenceColumns(
  config: readonly OccurrenceColumn[],
  renderCell: Partial<Record<Field, (row: OccurrenceRow) => ReactNode>> = {},
): ListColumn<OccurrenceRow>[] {
  return config
    .filter((column) => column.tipo !== 'selecao' && FIELDS.has(column.key))
    .map((column) => {
      const field = column.key as Field;
      const text = cellOf(column, field);
      const custom = renderCell[field];
      return {
        key: field,
        header: column.titulo,
        cell: custom ?? text,
        title: text,
        kind: column.tipo === 'data' || column.tipo === 'numero' ? KIND[column.tipo] : 'text',
        width: WIDTHS[field],
        mobile: column.mobile,
        sortable: field === SORTABLE_COLUMN,
        required: field === 'estado' || field === 'nomeAlarme',
      };
    });
}
