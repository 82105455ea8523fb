import '@mantine/core/styles/Table.css';
import { Button, Group, Table, Text } from '@mantine/core';
import type { Contract } from '@vigia/contract';
import { CONTRACT_STATUS_LABEL, CONTRACT_STATUS_TONE, formatContractDay } from '@vigia/domain';
import { StateBadge } from '../../../ui/StateBadge';

interface Props {
  contratos: readonly Contract[];
  /** Administrators see the edit and remove buttons. */
  canWrite: boolean;
  onEdit: (contrato: Contract) => void;
  onRemove: (contrato: Contract) => void;
}

/** The scope of a contract: its venue, or the whole cluster. */
export const scopeLabel = (c: Contract) => c.venueNome ?? 'Cluster';

/** The covered devices in a cell: the first two names and how many more. */
export function devicesSummary(c: Contract): string {
  const names = c.dispositivos.map((d) => d.nome);
  if (names.length <= 2) return names.join(', ');
  return `${names.slice(0, 2).join(', ')} e mais ${names.length - 2}`;
}

export function ContractTable({ contratos, canWrite, onEdit, onRemove }: Props) {
  return (
    <Table.ScrollContainer minWidth={900}>
      <Table verticalSpacing="xs" withTableBorder highlightOnHover aria-label="Contratos">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Número</Table.Th>
            <Table.Th>Cliente</Table.Th>
            <Table.Th>Abrangência</Table.Th>
            <Table.Th>Dispositivos</Table.Th>
            <Table.Th>Início</Table.Th>
            <Table.Th>Fim</Table.Th>
            <Table.Th w={120}>Situação</Table.Th>
            {canWrite && <Table.Th w={190}>Ações</Table.Th>}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {contratos.map((c) => (
            <Table.Tr key={c.id} data-contrato={c.id}>
              <Table.Td>
                <Text size="sm" fw={600}>
                  {c.numero}
                </Text>
                {c.observacao && (
                  <Text size="xs" c="gray.7" lineClamp={1} maw={260} title={c.observacao}>
                    {c.observacao}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>{c.cliente}</Table.Td>
              <Table.Td>{scopeLabel(c)}</Table.Td>
              <Table.Td title={c.dispositivos.map((d) => d.nome).join('\n')}>
                <Text size="sm" maw={280}>
                  {devicesSummary(c)}
                </Text>
              </Table.Td>
              <Table.Td>{formatContractDay(c.inicio)}</Table.Td>
              <Table.Td>{formatContractDay(c.fim)}</Table.Td>
              <Table.Td>
                <StateBadge tone={CONTRACT_STATUS_TONE[c.status]}>
                  {CONTRACT_STATUS_LABEL[c.status]}
                </StateBadge>
              </Table.Td>
              {canWrite && (
                <Table.Td>
                  <Group gap="xs" wrap="nowrap">
                    <Button
                      size="compact-sm"
                      variant="default"
                      aria-label={`Editar contrato ${c.numero}`}
                      onClick={() => onEdit(c)}
                    >
                      Editar
                    </Button>
                    <Button
                      size="compact-sm"
                      variant="default"
                      aria-label={`Remover contrato ${c.numero}`}
                      onClick={() => onRemove(c)}
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
    </Table.ScrollContainer>
  );
}
