import { Table, Text } from '@mantine/core';
import type { Delivery } from '@vigia/contract';
import {
  DELIVERY_STATUS_DISPLAY,
  formatDateTime,
  NOTIFICATION_CHANNEL_LABELS,
  NOTIFICATION_KIND_LABELS,
} from '@vigia/domain';
import { StateBadge } from '../../../ui/StateBadge';

/** The delivery log: newest first, state as a badge, the last error in words. */
export function DeliveriesTable({ rows }: { rows: Delivery[] }) {
  if (rows.length === 0) {
    return (
      <Text c="gray.8" py="md">
        Nenhuma notificação enviada ainda.
      </Text>
    );
  }
  return (
    <Table.ScrollContainer minWidth={860}>
      <Table striped aria-label="Entregas de notificações">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Data</Table.Th>
            <Table.Th>Tipo</Table.Th>
            <Table.Th>Canal</Table.Th>
            <Table.Th>Destinatário</Table.Th>
            <Table.Th>Assunto</Table.Th>
            <Table.Th>Situação</Table.Th>
            <Table.Th>Tentativas</Table.Th>
            <Table.Th>Último erro</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((r) => {
            const status = DELIVERY_STATUS_DISPLAY[r.status];
            return (
              <Table.Tr key={r.id}>
                <Table.Td>{formatDateTime(r.criadaEm)}</Table.Td>
                <Table.Td>{NOTIFICATION_KIND_LABELS[r.tipo]}</Table.Td>
                <Table.Td>{NOTIFICATION_CHANNEL_LABELS[r.canal]}</Table.Td>
                <Table.Td style={{ wordBreak: 'break-all' }}>{r.destinatario}</Table.Td>
                <Table.Td>{r.assunto}</Table.Td>
                <Table.Td>
                  <StateBadge tone={status.tone}>{status.label}</StateBadge>
                </Table.Td>
                <Table.Td>{r.tentativas}</Table.Td>
                <Table.Td>{r.ultimoErro ?? ''}</Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
