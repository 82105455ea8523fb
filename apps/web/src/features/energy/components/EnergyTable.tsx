import { Button, Group, Table, Text } from '@mantine/core';
import { IconFileSpreadsheet } from '@tabler/icons-react';
import { type ReactNode, useId, useState } from 'react';
import { type ExcelColumn, exportExcel } from '../../../lib/excel';

export interface EnergyColumn<T> extends ExcelColumn<T> {
  /** What the screen shows (default: the Excel value as text). */
  render?: (row: T) => ReactNode;
  numeric?: boolean;
}

interface Props<T> {
  caption: string;
  columns: readonly EnergyColumn<T>[];
  rows: readonly T[];
  rowKey: (row: T) => string | number;
  fileName: string;
  /** Rows the Excel file holds when the table shows one page (default: `rows`). */
  exportRows?: () => Promise<readonly T[]>;
  footer?: ReactNode;
}

/** An energy table with its Excel export (the same columns, numbers as numbers). */
export function EnergyTable<T>({
  caption,
  columns,
  rows,
  rowKey,
  fileName,
  exportRows,
  footer,
}: Props<T>) {
  const headingId = useId();
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const download = async () => {
    setBusy(true);
    setFailed(false);
    try {
      await exportExcel(fileName, columns, exportRows ? await exportRows() : rows);
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  };
  return (
    <section aria-labelledby={headingId}>
      <Group justify="space-between" mb="xs">
        <Text fw={600} component="h2" size="md" id={headingId}>
          {caption}
        </Text>
        <Button
          variant="default"
          size="xs"
          leftSection={<IconFileSpreadsheet size={16} aria-hidden />}
          onClick={download}
          loading={busy}
        >
          Exportar Excel
        </Button>
      </Group>
      {failed && (
        <Text c="red.9" size="sm" role="alert">
          Não foi possível gerar o arquivo Excel.
        </Text>
      )}
      <Table.ScrollContainer minWidth={480}>
        <Table striped highlightOnHover withTableBorder>
          <Table.Thead>
            <Table.Tr>
              {columns.map((c) => (
                <Table.Th key={c.header} style={{ textAlign: c.numeric ? 'right' : undefined }}>
                  {c.header}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={rowKey(row)}>
                {columns.map((c) => (
                  <Table.Td key={c.header} style={{ textAlign: c.numeric ? 'right' : undefined }}>
                    {c.render ? c.render(row) : String(c.value(row) ?? '---')}
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {footer}
    </section>
  );
}
