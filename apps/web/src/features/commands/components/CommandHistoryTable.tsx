import { Alert, Table } from '@mantine/core';
import type { CommandHistoryItem } from '@vigia/contract';
import { commandStatus, formatDateTime, PLACEHOLDER_MISSING } from '@vigia/domain';
import { DelayedLoader } from '../../../ui/DelayedLoader';
import { EmptyMessage } from '../../../ui/EmptyMessage';
import { StateBadge } from '../../../ui/StateBadge';

interface Props {
  items: CommandHistoryItem[] | undefined;
  isPending: boolean;
  isError: boolean;
}

/** Spec 001 §3/§4: the command history, newest first, each status in its colour (1 yellow, 2 green, 3 red). */
export function CommandHistoryTable({ items, isPending, isError }: Props) {
  if (isError && !items) {
    return (
      <Alert color="red" variant="light" role="alert">
        Não foi possível carregar o histórico de comandos.
      </Alert>
    );
  }
  if (isPending || !items) return <DelayedLoader label="Carregando histórico de comandos…" />;
  if (items.length === 0) return <EmptyMessage item="comando" />;
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table striped={false} highlightOnHover={false} verticalSpacing="xs" fz="sm">
        <Table.Caption c="gray.7">Histórico de comandos (o mais recente primeiro)</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Comando</Table.Th>
            <Table.Th scope="col">Estado</Table.Th>
            <Table.Th scope="col">Enviado por</Table.Th>
            <Table.Th scope="col">Enviado em</Table.Th>
            <Table.Th scope="col">Finalizado em</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((item) => (
            <Table.Tr
              key={item.id}
              data-testid="command-history-row"
              data-command-id={item.id}
              data-status={item.statusWebId}
            >
              <Table.Td>
                {item.nome ?? `Parâmetro ${item.parameter_id ?? PLACEHOLDER_MISSING}`}
              </Table.Td>
              <Table.Td>
                {/* The state in full: a narrow popup ('Editar penas') would cut it short. */}
                <StateBadge
                  tone={commandStatus(item.statusWebId).tone}
                  style={{ minWidth: 'max-content' }}
                >
                  {item.status}
                </StateBadge>
              </Table.Td>
              <Table.Td>{item.usuario}</Table.Td>
              <Table.Td>{formatDateTime(item.criadoEm)}</Table.Td>
              <Table.Td>
                {item.finalizadoEm === null
                  ? PLACEHOLDER_MISSING
                  : formatDateTime(item.finalizadoEm)}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
