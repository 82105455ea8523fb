import { exportExcel } from '../../../lib/excel';
import type { ReportTableView } from './reportModel';

/** The report table on screen as .xlsx: the column's decimals, dates as dates, '---' as text. */
export function exportReportExcel(fileName: string, table: ReportTableView): Promise<void> {
  return exportExcel(
    fileName,
    table.columns.map((column, i) => ({
      header: column.header,
      value: (row: ReportTableView['rows'][number]) => {
        const cell = row.cells[i];
        return cell?.value ?? cell?.text ?? '';
      },
      format: column.date ? ('date' as const) : { decimals: column.casaDecimal },
    })),
    table.rows,
  );
}
