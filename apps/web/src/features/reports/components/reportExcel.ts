import { SPREADSHEET_DATE_FORMAT, spreadsheetDate, spreadsheetNumberFormat } from '@vigia/domain';
import type { ReportTableView } from './reportModel';

/**
 * Exactly the table on screen as a real .xlsx (write-excel-file, loaded on
 * first use): numbers as numbers in the column's decimals, dates as dates in
 * America/Sao_Paulo, '---' as text.
 */
export async function exportReportExcel(fileName: string, table: ReportTableView): Promise<void> {
  const { default: writeExcelFile } = await import('write-excel-file/browser');
  const header = table.columns.map((c) => ({ value: c.header, fontWeight: 'bold' as const }));
  const body = table.rows.map((row) =>
    row.cells.map((cell, i) => {
      const column = table.columns[i];
      if (cell.value === null || !column) return { value: cell.text, type: String };
      return column.date
        ? { value: spreadsheetDate(cell.value), type: Date, format: SPREADSHEET_DATE_FORMAT }
        : { value: cell.value, type: Number, format: spreadsheetNumberFormat(column.casaDecimal) };
    }),
  );
  await writeExcelFile([header, ...body]).toFile(fileName);
}
