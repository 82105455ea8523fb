import '@mantine/core/styles/Checkbox.css';
import { ActionIcon, Button, Checkbox, Group, Stack, Text } from '@mantine/core';
import { IconArrowDown, IconArrowUp } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { Dialog } from '../../../ui/Dialog';
import type { PlantGraphOrder } from './chartModel';

export interface OrderedGraph {
  id: number;
  nome: string;
}

interface Props {
  opened: boolean;
  onClose: () => void;
  title: string;
  /** What is ordered, with its article, for the explanation: 'os gráficos', 'as penas'. */
  what?: string;
  /** Every graph (or pen), in the order shown, hidden ones included. */
  graphs: readonly OrderedGraph[];
  hidden: readonly number[];
  onSave: (value: PlantGraphOrder) => void;
  /** Fields above the list (the chart whose pens are edited). */
  header?: ReactNode;
  /** Below the list and its buttons (the device's mode and commands, beside its pens). */
  footer?: ReactNode;
}

/**
 * Spec 001 §2 popups "graph ordering" and "edit charts": which graphs (or a
 * chart's pens) are shown and in which order; kept in the browser (spec 000 §3).
 */
export function GraphOrderDialog({
  opened,
  onClose,
  title,
  what = 'os gráficos',
  graphs,
  hidden,
  onSave,
  header,
  footer,
}: Props) {
  return (
    <Dialog opened={opened} onClose={onClose} title={title} size="lg">
      {header}
      {opened && (
        <OrderForm graphs={graphs} hidden={hidden} what={what} onSave={onSave} onCancel={onClose} />
      )}
      {footer}
    </Dialog>
  );
}

function OrderForm({
  graphs,
  hidden: initialHidden,
  what,
  onSave,
  onCancel,
}: Omit<Props, 'opened' | 'onClose' | 'title' | 'header' | 'footer'> & { onCancel: () => void }) {
  const [order, setOrder] = useState(() => graphs.map((g) => g.id));
  const [hidden, setHidden] = useState(() => new Set(initialHidden));
  const nameOf = new Map(graphs.map((g) => [g.id, g.nome]));
  const move = (index: number, by: number) =>
    setOrder((current) => {
      const next = [...current];
      const [item] = next.splice(index, 1);
      if (item !== undefined) next.splice(index + by, 0, item);
      return next;
    });

  return (
    <Stack gap="sm">
      <Text size="sm" c="gray.7">
        Escolha {what} a mostrar e a ordem. A escolha fica guardada neste navegador.
      </Text>
      <Stack gap={4} component="ol" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {order.map((id, index) => {
          const nome = nameOf.get(id) ?? String(id);
          return (
            <Group key={id} component="li" justify="space-between" wrap="nowrap" gap="xs">
              <Checkbox
                label={nome}
                checked={!hidden.has(id)}
                onChange={(event) => {
                  const show = event.currentTarget.checked;
                  setHidden((current) => {
                    const next = new Set(current);
                    if (show) next.delete(id);
                    else next.add(id);
                    return next;
                  });
                }}
              />
              <Group gap={4} wrap="nowrap">
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  aria-label={`Subir ${nome}`}
                  disabled={index === 0}
                  onClick={() => move(index, -1)}
                >
                  <IconArrowUp size={16} aria-hidden />
                </ActionIcon>
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  aria-label={`Descer ${nome}`}
                  disabled={index === order.length - 1}
                  onClick={() => move(index, 1)}
                >
                  <IconArrowDown size={16} aria-hidden />
                </ActionIcon>
              </Group>
            </Group>
          );
        })}
      </Stack>
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onCancel}>
          Cancelar
        </Button>
        <Button onClick={() => onSave({ order, hidden: [...hidden] })}>Salvar</Button>
      </Group>
    </Stack>
  );
}
