/** One column of an exported table: its header and the cell of a row (a number stays a number). */
export interface ExcelColumn<T> {
  header: string;
  value: (row: T) => string | number | null;
}

/**
 * Writes the table as a real .xlsx (write-excel-file, loaded on first use):
 * a header row, then one row per item; numbers as numbers, '---' as text.
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
      return typeof value === 'number'
        ? { value, type: Number }
        : { value: value ?? '', type: String };
    }),
  );
  await writeExcelFile([header, ...body]).toFile(fileName);
}
