import '@mantine/core/styles/Checkbox.css';
import { Button, Checkbox, Group, ScrollArea, Stack, Text, TextInput } from '@mantine/core';
import type { ContractDevice } from '@vigia/contract';
import { useId, useState } from 'react';

interface Props {
  devices: readonly ContractDevice[];
  selected: readonly number[];
  onChange: (ids: number[]) => void;
  invalid: boolean;
}

const matches = (d: ContractDevice, text: string) =>
  `${d.nome} ${d.tipo} ${d.local_nome}`.toLowerCase().includes(text.trim().toLowerCase());

// Mantine's dimmed description is below the 4.5:1 contrast on white (axe: color-contrast).
const DESCRIPTION = { description: { color: 'var(--mantine-color-gray-7)' } };

/** The devices a contract covers: native checkboxes (Tab and Space), with a filter. */
export function DevicePicker({ devices, selected, onChange, invalid }: Props) {
  const [filter, setFilter] = useState('');
  const legendId = useId();
  const visible = devices.filter((d) => matches(d, filter));
  const chosen = new Set(selected);
  const toggle = (id: number, on: boolean) =>
    onChange(on ? [...selected, id] : selected.filter((x) => x !== id));

  return (
    <fieldset
      aria-labelledby={legendId}
      style={{
        border: `1px solid var(--mantine-color-${invalid ? 'red-6' : 'gray-4'})`,
        borderRadius: 4,
        padding: '8px 12px 12px',
        margin: 0,
      }}
    >
      <Text component="legend" id={legendId} size="sm" fw={500} px={4}>
        Dispositivos cobertos
      </Text>
      <Group align="flex-end" gap="sm" mb="xs">
        <TextInput
          label="Filtrar dispositivos"
          value={filter}
          onChange={(event) => setFilter(event.currentTarget.value)}
          w={260}
          size="xs"
        />
        <Button
          size="compact-sm"
          variant="default"
          onClick={() => onChange([...new Set([...selected, ...visible.map((d) => d.id)])])}
          disabled={visible.length === 0}
        >
          Marcar os listados
        </Button>
        <Button
          size="compact-sm"
          variant="default"
          onClick={() => onChange([])}
          disabled={selected.length === 0}
        >
          Desmarcar todos
        </Button>
        <Text size="sm" c="gray.7" aria-live="polite">
          {selected.length === 1 ? '1 selecionado' : `${selected.length} selecionados`}
        </Text>
      </Group>
      <ScrollArea.Autosize mah={220} type="auto">
        <Stack gap={6}>
          {visible.map((d) => (
            <Checkbox
              key={d.id}
              label={d.nome}
              description={`${d.tipo} · ${d.local_nome}`}
              styles={DESCRIPTION}
              checked={chosen.has(d.id)}
              onChange={(event) => toggle(d.id, event.currentTarget.checked)}
            />
          ))}
          {visible.length === 0 && (
            <Text size="sm" c="gray.7">
              {devices.length === 0
                ? 'Nenhum dispositivo neste sistema.'
                : 'Nenhum dispositivo com esse filtro.'}
            </Text>
          )}
        </Stack>
      </ScrollArea.Autosize>
    </fieldset>
  );
}
