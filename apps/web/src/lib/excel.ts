import { SPREADSHEET_DATE_FORMAT, spreadsheetDate, spreadsheetNumberFormat } from '@vigia/domain';

/** One column of an exported table: its header and the cell of a row (a number stays a number). */
export interface ExcelColumn<T> {
  header: string;
  value: (row: T) => string | number | null;
  /** A number as a date (epoch seconds, shown in America/Sao_Paulo) or with these decimals. */
  format?: 'date' | { decimals: number };
}

/**
 * Writes exactly the table on screen as a real .xlsx (write-excel-file,
 * loaded on first use): a header row, then one row per item; numbers as
 * numbers in their column's format, dates as dates, '---' as text.
 */
export async function exportExcel<T>(
  fileName: string,
  columns: readonly ExcelColumn<T>[],
  rows: readonly T[],
): Promise<void> {
  const { default: writeExcelFile } = await import('write-excel-file/browser');
  const header = columns.map((c) => ({ value: c.header, fontWeight: 'bold' as const }));
  const body = rows.map((row) =>
    columns.map((c) => {
      const value = c.value(row);
      if (typeof value !== 'number') return { value: value ?? '', type: String };
      if (c.format === 'date') {
        return { value: spreadsheetDate(value), type: Date, format: SPREADSHEET_DATE_FORMAT };
      }
      return c.format
        ? { value, type: Number, format: spreadsheetNumberFormat(c.format.decimals) }
        : { value, type: Number };
    }),
  );
  await writeExcelFile([header, ...body]).toFile(fileName);
}
