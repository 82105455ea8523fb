import '@mantine/core/styles/Table.css';
import { Table } from '@mantine/core';
import classes from './ChartSummaryTable.module.css';
import { formatDateMinute, formatValue } from './chartFormat';
import type { LineSummary } from './chartModel';

/**
 * The charts' values in text (their accessible alternative): latest, minimum
 * and maximum per line. On a narrow screen it scrolls sideways inside its own
 * box (reachable by keyboard), the reading's name kept in view.
 */
export function ChartSummaryTable({ lines }: { lines: readonly LineSummary[] }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take the focus to scroll by keyboard
    <section className={classes.scroll} aria-label="Resumo do período" tabIndex={0}>
      <Table striped={false} withTableBorder verticalSpacing={6} fz="sm" captionSide="top">
        <Table.Caption c="gray.8" fw={600} ta="left" mt={0}>
          Resumo do período
        </Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col" className={classes.name}>
              Leitura
            </Table.Th>
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
              <Table.Th scope="row" fw={500} className={classes.name}>
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
    </section>
  );
}
