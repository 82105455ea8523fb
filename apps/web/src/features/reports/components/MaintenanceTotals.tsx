import { Table, Text } from '@mantine/core';
import type { MaintenanceReport } from '@vigia/contract';
import { formatDate } from '@vigia/domain';
import { maintenanceSummary } from './reportModel';

/** The maintenance report's period line: each counter's difference and daily average. */
export function MaintenanceTotals({ data }: { data: MaintenanceReport }) {
  const lines = maintenanceSummary(data);
  const caption = `Período de ${formatDate(data.inicio)} a ${formatDate(data.fim)} (${data.dias} ${
    data.dias === 1 ? 'dia' : 'dias'
  })`;
  return (
    <Table withTableBorder w="auto" maw={640} aria-label="Totais do período">
      <Table.Caption>
        <Text component="span" size="sm" c="gray.7">
          {caption}
        </Text>
      </Table.Caption>
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">Contador</Table.Th>
          <Table.Th scope="col" ta="right">
            Diferença no período
          </Table.Th>
          <Table.Th scope="col" ta="right">
            Média diária
          </Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {lines.map((line) => (
          <Table.Tr key={line.key}>
            <Table.Th scope="row" fw={500}>
              {line.nome}
            </Table.Th>
            <Table.Td ta="right">{line.diferenca}</Table.Td>
            <Table.Td ta="right">{line.mediaDiaria}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
