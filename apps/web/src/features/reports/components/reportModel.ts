import type { DataTable, MaintenanceReport, TableColumn } from '@vigia/contract';
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

/**
 * The maintenance table on screen (spec 001 §2: kWh, hour meter, total fuel
 * with difference): the date, then for each counter its reading at the end
 * of the row and its difference over the row.
 */
export function maintenanceTable(data: MaintenanceReport): ReportTableView {
  const unit = (grandeza: string) => (grandeza ? ` (${grandeza})` : '');
  const columns: ReportColumnView[] = [
    { key: 'ts', header: 'Data', date: true, casaDecimal: 0 },
    ...data.contadores.flatMap((c) => [
      {
        key: `${c.keyColuna}:valor`,
        header: `${c.nomeColuna}${unit(c.grandeza)}`,
        date: false,
        casaDecimal: c.casaDecimal,
      },
      {
        key: `${c.keyColuna}:diferenca`,
        header: `Diferença ${c.nomeColuna}${unit(c.grandeza)}`,
        date: false,
        casaDecimal: c.casaDecimal,
      },
    ]),
  ];
  const number = (value: number | null, casaDecimal: number): ReportCell =>
    value === null
      ? { text: PLACEHOLDER_NUMBER, value: null }
      : { text: formatNumber(value, casaDecimal), value };
  return {
    columns,
    rows: data.rows.map((row) => ({
      ts: row.ts,
      cells: [
        { text: formatDateTime(row.ts), value: row.ts },
        ...data.contadores.flatMap((c) => {
          const cell = row.columns[c.keyColuna];
          return [
            number(cell?.valor ?? null, c.casaDecimal),
            number(cell?.diferenca ?? null, c.casaDecimal),
          ];
        }),
      ],
    })),
  };
}

/** The period's line of the maintenance report: each counter's difference and daily average. */
export function maintenanceSummary(data: MaintenanceReport) {
  return data.contadores.map((c) => ({
    key: c.keyColuna,
    nome: c.grandeza ? `${c.nomeColuna} (${c.grandeza})` : c.nomeColuna,
    diferenca: c.diferenca === null ? PLACEHOLDER_NUMBER : formatNumber(c.diferenca, c.casaDecimal),
    mediaDiaria:
      c.mediaDiaria === null ? PLACEHOLDER_NUMBER : formatNumber(c.mediaDiaria, c.casaDecimal),
  }));
}

/** The export's file name: the site and the period, e.g. 'GMG 1 01-11-2026 a 07-11-2026.xlsx'. */
export function reportFileName(site: string, period: Period): string {
  const day = (ts: number) => formatDate(ts).replaceAll('/', '-');
  const clean = site.replace(/[\\/:*?"<>|]/g, ' ').trim() || 'Relatório';
  return `${clean} ${day(period.inicio)} a ${day(period.fim)}.xlsx`;
}
