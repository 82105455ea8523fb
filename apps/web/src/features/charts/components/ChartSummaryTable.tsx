import '@mantine/core/styles/Table.css';
import { Table } from '@mantine/core';
import { formatDateMinute, formatValue } from './chartFormat';
import type { LineSummary } from './chartModel';

/** The charts' values in text (their accessible alternative): latest, minimum and maximum per line. */
export function ChartSummaryTable({ lines }: { lines: readonly LineSummary[] }) {
  return (
    <Table striped={false} withTableBorder verticalSpacing={6} fz="sm" captionSide="top">
      <Table.Caption c="gray.8" fw={600} ta="left" mt={0}>
        Resumo do período
      </Table.Caption>
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">Leitura</Table.Th>
          <Table.Th scope="col" ta="right">
            Último valor
          </Table.Th>
          <Table.Th scope="col">Em</Table.Th>
          <Table.Th scope="col" ta="right">
            Mínimo
          </Table.Th>
          <Table.Th scope="col" ta="right">
            Máximo
          </Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {lines.map((line) => (
          <Table.Tr key={line.label}>
            <Table.Th scope="row" fw={500}>
              {line.label}
            </Table.Th>
            <Table.Td ta="right">
              {formatValue(line.latest?.valor, line.decimals, line.unit)}
            </Table.Td>
            <Table.Td>{formatDateMinute(line.latest?.ts)}</Table.Td>
            <Table.Td ta="right">{formatValue(line.min, line.decimals, line.unit)}</Table.Td>
            <Table.Td ta="right">{formatValue(line.max, line.decimals, line.unit)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
