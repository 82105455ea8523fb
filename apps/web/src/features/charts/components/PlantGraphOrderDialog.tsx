import { ActionIcon, Button, Checkbox, Group, Stack, Text } from '@mantine/core';
import { IconArrowDown, IconArrowUp } from '@tabler/icons-react';
import { useState } from 'react';
import { Dialog } from '../../../ui/Dialog';
import type { PlantGraphOrder } from './chartModel';

export interface PlantGraph {
  id: number;
  nome: string;
}

interface Props {
  opened: boolean;
  onClose: () => void;
  /** Every graph of the plant, in the order shown (hidden ones included). */
  graphs: readonly PlantGraph[];
  hidden: readonly number[];
  onSave: (value: PlantGraphOrder) => void;
}

/**
 * Spec 001 §2 popup "graph ordering": which equipment graphs the plant chart
 * shows and in which order; kept in the browser (spec 000 §3).
 */
export function PlantGraphOrderDialog({ opened, onClose, graphs, hidden, onSave }: Props) {
  return (
    <Dialog opened={opened} onClose={onClose} title="Ordenar gráficos">
      {opened && <OrderForm graphs={graphs} hidden={hidden} onSave={onSave} onCancel={onClose} />}
    </Dialog>
  );
}

function OrderForm({
  graphs,
  hidden: initialHidden,
  onSave,
  onCancel,
}: Omit<Props, 'opened' | 'onClose'> & { onCancel: () => void }) {
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
        Escolha os gráficos mostrados e a ordem deles. A escolha fica guardada neste navegador.
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
