import { Button, Group, Table, Text } from '@mantine/core';
import type { Schedule } from '@vigia/contract';
import { weekdayName } from '@vigia/domain';
import { EmptyMessage } from '../../../ui/EmptyMessage';

interface Props {
  escalas: readonly Schedule[];
  /** Administrators see the edit and remove buttons (spec 001 §6). */
  canWrite: boolean;
  onEdit: (escala: Schedule) => void;
  onRemove: (escala: Schedule) => void;
}

export function ScheduleTable({ escalas, canWrite, onEdit, onRemove }: Props) {
  const describe = (e: Schedule) => `${e.usuarioNome}, ${weekdayName(e.dia_semana)}`;
  return (
    <>
      <Table verticalSpacing="xs" withTableBorder highlightOnHover aria-label="Escalas">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Usuário</Table.Th>
            <Table.Th visibleFrom="sm">Login</Table.Th>
            <Table.Th>Dia da semana</Table.Th>
            <Table.Th>Entrada</Table.Th>
            <Table.Th>Saída</Table.Th>
            {canWrite && <Table.Th w={200}>Ações</Table.Th>}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {escalas.map((e) => (
            <Table.Tr key={e.id} data-escala={e.id}>
              <Table.Td>
                <Text size="sm" fw={600}>
                  {e.usuarioNome}
                </Text>
              </Table.Td>
              <Table.Td visibleFrom="sm">{e.usuarioLogin}</Table.Td>
              <Table.Td>{weekdayName(e.dia_semana)}</Table.Td>
              <Table.Td>{e.entrada}</Table.Td>
              <Table.Td>{e.saida}</Table.Td>
              {canWrite && (
                <Table.Td>
                  <Group gap="xs" wrap="nowrap">
                    <Button
                      size="compact-sm"
                      variant="default"
                      aria-label={`Editar escala de ${describe(e)}`}
                      onClick={() => onEdit(e)}
                    >
                      Editar
                    </Button>
                    <Button
                      size="compact-sm"
                      variant="default"
                      aria-label={`Remover escala de ${describe(e)}`}
                      onClick={() => onRemove(e)}
                    >
                      Remover
                    </Button>
                  </Group>
                </Table.Td>
              )}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {escalas.length === 0 && <EmptyMessage item="escala" />}
    </>
  );
}
