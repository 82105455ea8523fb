import { Alert, Button, Text } from '@mantine/core';
import type { ChartLine } from '@vigia/contract';
import { useId, useMemo, useState } from 'react';
import { usePageTitle } from '../../../lib/navigation';
import { DelayedLoader } from '../../../ui/DelayedLoader';
import { useChartOccurrences } from '../api/get-chart-occurrences';
import { usePlantChart } from '../api/get-plant-chart';
import { ChartScreen, loadFailure } from './ChartScreen';
import { ChartStack, EMPTY_CHART } from './ChartStack';
import {
  annotationsOf,
  orderPlantSeries,
  type PlantGraphOrder,
  plantChartViews,
  plantSummaries,
} from './chartModel';
import { GraphOrderDialog } from './GraphOrderDialog';
import { readPlantGraphOrder, writePlantGraphOrder } from './plantGraphOrder';
import { useChartPeriod } from './useChartPeriod';

interface Props {
  usinaId: number;
  /** The preset's name and its line: `tipo` picks the plant chart kind, the rest how it is drawn. */
  nome: string;
  line: ChartLine & { tipo: 'potencia' | 'energia' };
  tempoDefault: number | null;
}

/**
 * A plant chart preset drawn from the plant chart call: one graph per
 * equipment (power per bucket, or energy per day as bars), in the order the
 * user keeps in the browser, with the plant's occurrences marked.
 */
export function PlantCallCharts({ usinaId, nome, line, tempoDefault }: Props) {
  const problemId = useId();
  const { period, setPeriod, problem } = useChartPeriod(tempoDefault);
  const chart = usePlantChart({ usinaId, tipo: line.tipo, ...period }, !problem);
  const [prefs, setPrefs] = useState<PlantGraphOrder>(() => readPlantGraphOrder(usinaId));
  const [ordering, setOrdering] = useState(false);
  const inicio = chart.data?.inicio;
  const fim = chart.data?.fim;
  const loaded = useMemo(
    () => (inicio !== undefined && fim !== undefined ? { inicio, fim } : null),
    [inicio, fim],
  );
  const occurrences = useChartOccurrences(
    problem || !loaded ? null : { local_id: usinaId },
    loaded,
  );
  usePageTitle(chart.data?.nome ?? null);

  const allSeries = chart.data?.series ?? [];
  const shown = useMemo(
    () => orderPlantSeries(chart.data?.series ?? [], prefs),
    [chart.data, prefs],
  );
  const annotations = useMemo(
    () => (occurrences.data && loaded ? annotationsOf(occurrences.data, loaded) : []),
    [occurrences.data, loaded],
  );
  const views = useMemo(
    () =>
      chart.data
        ? plantChartViews(line, chart.data, shown).map((view) => ({ ...view, annotations }))
        : [],
    [chart.data, line, shown, annotations],
  );
  const summaries = useMemo(() => plantSummaries(line, shown), [line, shown]);
  const graphs = orderPlantSeries(allSeries, { ...prefs, hidden: [] }).map((s) => ({
    id: s.idDispositivo,
    nome: s.patrimonio ? `${s.patrimonio} · ${s.nome}` : s.nome,
  }));

  return (
    <ChartScreen
      // The preset's name as the title, known from the start: the plant's name
      // arriving with the readings changes one line of small text, not the layout.
      title={nome}
      subtitle={chart.data ? `Gráfico · ${chart.data.nome}` : 'Gráfico'}
      notFound={null}
      period={period}
      onPeriodChange={setPeriod}
      problem={problem}
      problemId={problemId}
      loaded={loaded}
      actions={
        <Button
          variant="default"
          size="xs"
          onClick={() => setOrdering(true)}
          disabled={allSeries.length < 1}
        >
          Ordenar gráficos
        </Button>
      }
    >
      <GraphOrderDialog
        title="Ordenar gráficos"
        opened={ordering}
        onClose={() => setOrdering(false)}
        graphs={graphs}
        hidden={prefs.hidden}
        onSave={(value) => {
          writePlantGraphOrder(usinaId, value);
          setPrefs(value);
          setOrdering(false);
        }}
      />
      {chart.isError ? (
        <Alert color="red" variant="light" role="alert">
          {loadFailure(chart.error)}
        </Alert>
      ) : !chart.data || !loaded ? (
        <DelayedLoader label="Carregando o gráfico" />
      ) : shown.length === 0 || views.every((view) => view.empty) ? (
        <Text c="dimmed" ta="center" py="lg">
          {allSeries.length > 0 && shown.length === 0
            ? 'Todos os gráficos estão ocultos: use Ordenar gráficos para mostrá-los.'
            : EMPTY_CHART}
        </Text>
      ) : (
        <ChartStack
          views={views}
          period={loaded}
          syncKey={`usina-${usinaId}`}
          summaries={summaries}
          bucket={null}
          stale={chart.isPlaceholderData}
          annotations={annotations}
          height={160}
        />
      )}
    </ChartScreen>
  );
}
