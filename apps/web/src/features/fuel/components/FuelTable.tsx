import '@mantine/core/styles/Pagination.css';
import { Alert, Button, Group, Pagination, Table, Text, TextInput } from '@mantine/core';
import { IconFileSpreadsheet, IconSearch } from '@tabler/icons-react';
import { emptyTableMessage } from '@vigia/domain';
import { type ReactNode, useMemo, useState } from 'react';
import { type ExcelColumn, exportExcel } from '../../../lib/excel';

/** Spec 000 §9: tables show 10 rows a page, with numbered pages and a search box. */
export const FUEL_TABLE_PAGE = 10;

export interface FuelColumn<T> extends ExcelColumn<T> {
  /** What the screen shows (default: the Excel value as text, '---' when empty). */
  render?: (row: T) => ReactNode;
  numeric?: boolean;
  /** Hidden below this breakpoint (spec 001 §2: fewer columns on mobile). */
  visibleFrom?: 'sm' | 'md';
  /** Only in the Excel file (the screen shows it inside another column). */
  excelOnly?: boolean;
}

interface Props<T> {
  label: string;
  columns: readonly FuelColumn<T>[];
  rows: readonly T[];
  rowKey: (row: T) => string | number;
  /** The texts the search box matches (lower-cased here). */
  searchText: (row: T) => string;
  fileName: string;
  /** What the table lists, singular, for 'Nenhum {item} encontrado.'. */
  item: string;
}

/** A fuel list: search, 10 rows a page, and its Excel export (every matching row). */
export function FuelTable<T>({
  label,
  columns,
  rows,
  rowKey,
  searchText,
  fileName,
  item,
}: Props<T>) {
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const matching = useMemo(() => {
    const needle = search.trim().toLocaleLowerCase('pt-BR');
    return needle
      ? rows.filter((row) => searchText(row).toLocaleLowerCase('pt-BR').includes(needle))
      : rows;
  }, [rows, search, searchText]);
  const pages = Math.max(1, Math.ceil(matching.length / FUEL_TABLE_PAGE));
  const current = Math.min(page, pages);
  const onScreen = columns.filter((c) => !c.excelOnly);
  const shown = matching.slice((current - 1) * FUEL_TABLE_PAGE, current * FUEL_TABLE_PAGE);

  const download = async () => {
    setBusy(true);
    setFailed(false);
    try {
      await exportExcel(fileName, columns, matching);
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Group mb="sm" align="flex-end" gap="sm">
        <TextInput
          label="Pesquisar"
          placeholder="Nome, patrimônio ou local"
          leftSection={<IconSearch size={16} aria-hidden />}
          value={search}
          onChange={(event) => {
            setSearch(event.currentTarget.value);
            setPage(1);
          }}
          w={260}
        />
        <Button
          ml="auto"
          variant="default"
          leftSection={<IconFileSpreadsheet size={16} aria-hidden />}
          onClick={download}
          loading={busy}
          disabled={matching.length === 0}
        >
          Exportar Excel
        </Button>
      </Group>
      {failed && (
        <Alert color="red" variant="light" role="alert" mb="sm">
          Não foi possível gerar o arquivo Excel.
        </Alert>
      )}
      {/* Focusable, so a keyboard can scroll a table wider than the screen. */}
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region needs keyboard access */}
      <section aria-label={label} tabIndex={0} style={{ overflowX: 'auto' }}>
        <Table verticalSpacing="xs" striped highlightOnHover withTableBorder aria-label={label}>
          <Table.Thead>
            <Table.Tr>
              {onScreen.map((c) => (
                <Table.Th
                  key={c.header}
                  ta={c.numeric ? 'right' : undefined}
                  visibleFrom={c.visibleFrom}
                >
                  {c.header}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {shown.map((row) => (
              <Table.Tr key={rowKey(row)}>
                {onScreen.map((c) => (
                  <Table.Td
                    key={c.header}
                    ta={c.numeric ? 'right' : undefined}
                    visibleFrom={c.visibleFrom}
                  >
                    {c.render ? c.render(row) : String(c.value(row) ?? '---')}
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </section>
      {matching.length === 0 ? (
        <Text c="gray.7" ta="center" py="lg">
          {emptyTableMessage(item)}
        </Text>
      ) : (
        <Group justify="space-between" mt="sm">
          <Text size="sm" c="gray.7">
            {matching.length} {matching.length === 1 ? 'item' : 'itens'}
          </Text>
          {pages > 1 && (
            <Pagination
              total={pages}
              value={current}
              onChange={setPage}
              size="sm"
              color="gray"
              getControlProps={(control) => ({
                'aria-label': control === 'previous' ? 'Página anterior' : 'Próxima página',
              })}
              getItemProps={(n) => ({ 'aria-label': `Página ${n}` })}
            />
          )}
        </Group>
      )}
    </>
  );
}
