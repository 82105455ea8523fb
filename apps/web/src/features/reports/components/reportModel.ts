import type { DataTable, TableColumn } from '@vigia/contract';
import {
  formatDate,
  formatDateTime,
  formatNumber,
  isDateColumn,
  type Period,
  PLACEHOLDER_NUMBER,
} from '@vigia/domain';

/** One cell as shown and as exported: its text, and the number or time behind it. */
export interface ReportCell {
  text: string;
  /** Epoch seconds for a date column; the number for a numeric one; null when missing. */
  value: number | null;
}

export interface ReportColumnView {
  key: string;
  header: string;
  date: boolean;
  casaDecimal: number;
}

export interface ReportTableView {
  columns: ReportColumnView[];
  rows: { ts: number; cells: ReportCell[] }[];
}

function header(column: TableColumn): string {
  return column.grandeza ? `${column.nomeColuna} (${column.grandeza})` : column.nomeColuna;
}

/**
 * The table on screen (spec 001 §2 report screens, §5 formats): the date
 * column first ('Data' when the preset has none), then the preset's columns;
 * numbers with a comma and the column's casaDecimal, '---' when missing.
 */
export function reportTable(data: DataTable): ReportTableView {
  const presetDate = data.colunas.find((c) => isDateColumn(c.tipo) || c.keyColuna === 'ts');
  const columns: ReportColumnView[] = [
    { key: 'ts', header: presetDate?.nomeColuna ?? 'Data', date: true, casaDecimal: 0 },
    ...data.colunas
      .filter((c) => c !== presetDate)
      .map((c) => ({
        key: c.keyColuna,
        header: header(c),
        date: false,
        casaDecimal: c.casaDecimal,
      })),
  ];
  return {
    columns,
    rows: data.rows.map((row) => ({
      ts: row.ts,
      cells: columns.map((column) => {
        if (column.date) return { text: formatDateTime(row.ts), value: row.ts };
        const value = row.columns[column.key] ?? null;
        return value === null
          ? { text: PLACEHOLDER_NUMBER, value: null }
          : { text: formatNumber(value, column.casaDecimal), value };
      }),
    })),
  };
}

/** The export's file name: the site and the period, e.g. 'GMG 1 01-11-2026 a 07-11-2026.xlsx'. */
export function reportFileName(site: string, period: Period): string {
  const day = (ts: number) => formatDate(ts).replaceAll('/', '-');
  const clean = site.replace(/[\\/:*?"<>|]/g, ' ').trim() || 'Relatório';
  return `${clean} ${day(period.inicio)} a ${day(period.fim)}.xlsx`;
}
