import '@mantine/core/styles/Checkbox.css';
import { ActionIcon, Button, Checkbox, Popover, Stack, Text } from '@mantine/core';
import { IconColumns3 } from '@tabler/icons-react';
import type { ListColumn } from './types';

interface Props<T> {
  tableId: string;
  columns: readonly ListColumn<T>[];
  hidden: ReadonlySet<string>;
  onChange: (key: string, shown: boolean) => void;
  onReset: () => void;
  /** An icon button (small screens). */
  compact?: boolean;
}

/** Spec 001 §2 popup "column selection": the choice is kept in the browser per table. */
export function ColumnChooser<T>({
  tableId,
  columns,
  hidden,
  onChange,
  onReset,
  compact = false,
}: Props<T>) {
  const choosable = columns.filter((column) => column.header || column.ariaLabel);
  return (
    <Popover position="bottom-end" shadow="md" withinPortal trapFocus>
      <Popover.Target>
        {compact ? (
          <ActionIcon
            variant="default"
            size={36}
            aria-label="Colunas"
            aria-controls={`${tableId}-colunas`}
          >
            <IconColumns3 size={18} aria-hidden />
          </ActionIcon>
        ) : (
          <Button
            variant="default"
            size="sm"
            leftSection={<IconColumns3 size={16} aria-hidden />}
            aria-controls={`${tableId}-colunas`}
          >
            Colunas
          </Button>
        )}
      </Popover.Target>
      <Popover.Dropdown id={`${tableId}-colunas`} aria-label="Escolher colunas">
        <Text size="sm" fw={600} mb="xs">
          Colunas exibidas
        </Text>
        <Stack gap={6} mah={320} style={{ overflowY: 'auto' }}>
          {choosable.map((column) => (
            <Checkbox
              key={column.key}
              size="sm"
              label={column.header || column.ariaLabel}
              checked={column.required || !hidden.has(column.key)}
              disabled={column.required}
              onChange={(event) => onChange(column.key, event.currentTarget.checked)}
            />
          ))}
        </Stack>
        <Button variant="subtle" size="xs" mt="sm" onClick={onReset}>
          Restaurar padrão
        </Button>
      </Popover.Dropdown>
    </Popover>
  );
}
