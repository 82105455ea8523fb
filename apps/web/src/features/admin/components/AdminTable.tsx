import '@mantine/core/styles/Table.css';
import { Button, Table } from '@mantine/core';
import type { ReactNode } from 'react';
import { EmptyMessage } from '../../../ui/EmptyMessage';

export interface AdminColumn<T> {
  header: string;
  cell: (row: T) => ReactNode;
}

interface Props<T> {
  /** The table's accessible name ('Usuários'). */
  label: string;
  /** What one row is, singular, for the empty message ('usuário'). */
  item: string;
  rows: readonly T[];
  columns: readonly AdminColumn<T>[];
  /** Each row's 'Editar' button; absent: read only. */
  onEdit?: (row: T) => void;
  /** Further actions of a row, after 'Editar'. */
  actions?: (row: T) => ReactNode;
  minWidth?: number;
}

/** A list of the administration screen: scrolls inside its card, the first column names the row. */
export function AdminTable<T extends { id: number }>({
  label,
  item,
  rows,
  columns,
  onEdit,
  actions,
  minWidth = 720,
}: Props<T>) {
  if (rows.length === 0) return <EmptyMessage item={item} />;
  const withActions = onEdit !== undefined || actions !== undefined;
  return (
    <Table.ScrollContainer
      minWidth={minWidth}
      tabIndex={0}
      aria-label={`${label}: role para ver tudo`}
    >
      <Table verticalSpacing="xs" withTableBorder highlightOnHover aria-label={label}>
        <Table.Thead>
          <Table.Tr>
            {columns.map((c) => (
              <Table.Th key={c.header}>{c.header}</Table.Th>
            ))}
            {withActions && <Table.Th>Ações</Table.Th>}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.id}>
              {columns.map((c, i) =>
                i === 0 ? (
                  <Table.Th key={c.header} scope="row" fw={500}>
                    {c.cell(row)}
                  </Table.Th>
                ) : (
                  <Table.Td key={c.header}>{c.cell(row)}</Table.Td>
                ),
              )}
              {withActions && (
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  {onEdit && (
                    <Button size="compact-sm" variant="default" onClick={() => onEdit(row)}>
                      Editar
                    </Button>
                  )}{' '}
                  {actions?.(row)}
                </Table.Td>
              )}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
