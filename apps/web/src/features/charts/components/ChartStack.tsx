import { List, Paper, Stack, Text, Title } from '@mantine/core';
import type { Period } from '@vigia/domain';
import { ChartSummaryTable } from './ChartSummaryTable';
import { bucketLabel, formatDateMinute } from './chartFormat';
import type { Annotation, ChartView, LineSummary } from './chartModel';
import { TimeSeriesChart } from './TimeSeriesChart';

export const EMPTY_CHART = 'Sem dados no período.';

interface Props {
  views: readonly ChartView[];
  period: Period;
  /** Charts with the same key move their cursors together. */
  syncKey: string;
  summaries: readonly LineSummary[];
  /** Seconds a point stands for when the period arrives in buckets. */
  bucket: number | null;
  /** While another period loads, the charts shown are the previous one's. */
  stale: boolean;
  /** The occurrences marked on the charts, listed in text too. */
  annotations?: readonly Annotation[];
  height?: number;
}

/**
 * The charts of a screen, stacked with one cursor, then their text
 * alternative: the occurrences marked and the 'Resumo do período' table. Every
 * chart screen (site, tank, plant, SCD, consumption) draws through it.
 */
export function ChartStack({
  views,
  period,
  syncKey,
  summaries,
  bucket,
  stale,
  annotations = [],
  height,
}: Props) {
  const range = `de ${formatDateMinute(period.inicio)} a ${formatDateMinute(period.fim)}`;
  return (
    <Stack gap="md" style={{ opacity: stale ? 0.6 : 1 }}>
      <Text size="sm" c="gray.7">
        Passe o mouse sobre um gráfico, ou selecione-o e use as setas do teclado, para ler os
        valores de um instante.
      </Text>
      {views.map((view) => (
        <Paper key={view.id} withBorder p="sm" component="section" aria-label={view.title}>
          <Title order={2} size="h5" mb={4}>
            {view.title}
          </Title>
          {view.empty ? (
            <Text c="dimmed" size="sm" py="md">
              {EMPTY_CHART}
            </Text>
          ) : (
            <TimeSeriesChart
              view={view}
              syncKey={syncKey}
              height={height}
              description={`Gráfico de ${view.title} ${range}. Valores na tabela Resumo do período.`}
            />
          )}
        </Paper>
      ))}
      {bucket !== null && (
        <Text size="sm" c="gray.7">
          Período longo: cada ponto é a média de {bucketLabel(bucket)}; a faixa clara vai do mínimo
          ao máximo.
        </Text>
      )}
      {annotations.length > 0 && (
        <section aria-label="Ocorrências no período">
          <Text size="sm" fw={600} c="gray.8" mb={4}>
            Ocorrências no período (marcadas nos gráficos: alarmes em vermelho, eventos em cinza)
          </Text>
          <List size="sm" spacing={2}>
            {annotations.map((a) => (
              <List.Item key={`${a.ts}-${a.label}`}>
                {formatDateMinute(a.ts)} · {a.isEvt ? 'Evento' : 'Alarme'}: {a.label}
              </List.Item>
            ))}
          </List>
        </section>
      )}
      {summaries.length > 0 && <ChartSummaryTable lines={summaries} />}
    </Stack>
  );
}
