import { Alert, Text } from '@mantine/core';
import { type ReactNode, useId, useMemo } from 'react';
import { isHttpError } from '../../../lib/httpErrors';
import { usePageTitle } from '../../../lib/navigation';
import { useSiteDevice } from '../../../lib/site/get-site-device';
import { DelayedLoader } from '../../../ui/DelayedLoader';
import { useChartHistory } from '../api/get-chart-history';
import { useChartOccurrences } from '../api/get-chart-occurrences';
import {
  type ChartOwner,
  type ChartPreset,
  isPlantLine,
  useChartPresets,
} from '../api/get-chart-presets';
import { ChartScreen, loadFailure } from './ChartScreen';
import { ChartStack, EMPTY_CHART } from './ChartStack';
import { annotationsOf, chartView, lineSummaries, penNames } from './chartModel';
import { useChartPeriod } from './useChartPeriod';

interface Props {
  /** Whose presets, and the device they draw. */
  owner: ChartOwner;
  /** Only this preset (idGraphical); all of the owner's device presets when absent. */
  chartId?: number;
  label: string;
  notFound: string;
  /** Shown when the owner has no chart. */
  none: string;
  /** The title when the device's name is not the page's (a plant's or SCD's name). */
  title?: string;
  /** The chart manager's choice: which presets and pens, in which order. */
  arrange?: (presets: ChartPreset[]) => ChartPreset[];
  /** Buttons beside the period. */
  actions?: ReactNode;
}

/**
 * A device's chart presets over a period: one chart per preset with a shared
 * cursor, its occurrences marked, and the summary table. The site, tank, SCD
 * and plant chart screens all draw through it.
 */
export function DeviceCharts({
  owner,
  chartId,
  label,
  notFound: notFoundText,
  none,
  title,
  arrange,
  actions,
}: Props) {
  const problemId = useId();
  const device = useSiteDevice(owner.deviceId);
  const allPresets = useChartPresets(owner);
  const presets = useMemo(() => {
    const own = allPresets.data?.filter(
      (preset) =>
        (chartId === undefined || preset.idGraphical === chartId) &&
        !preset.lines.some(isPlantLine),
    );
    return own && arrange ? arrange(own) : own;
  }, [allPresets.data, chartId, arrange]);
  const { period, setPeriod, problem } = useChartPeriod(presets?.[0]?.tempoDefault);
  const nomes = useMemo(() => penNames(presets ?? []), [presets]);
  const history = useChartHistory(
    { idDispositivo: owner.deviceId, nomes, ...period },
    allPresets.isSuccess && !problem,
  );
  const inicio = history.data?.inicio;
  const fim = history.data?.fim;
  const loaded = useMemo(
    () => (inicio !== undefined && fim !== undefined ? { inicio, fim } : null),
    [inicio, fim],
  );
  const occurrences = useChartOccurrences(
    problem || !loaded ? null : { disp_id: owner.deviceId },
    loaded,
  );

  const nome = title ?? device.data?.nome ?? null;
  usePageTitle(nome);
  const annotations = useMemo(
    () => (occurrences.data && loaded ? annotationsOf(occurrences.data, loaded) : []),
    [occurrences.data, loaded],
  );
  const views = useMemo(
    () =>
      presets && history.data
        ? presets.map((preset) => ({
            ...chartView(preset, history.data.penas, history.data),
            annotations,
          }))
        : [],
    [presets, history.data, annotations],
  );
  const summaries = useMemo(
    () => (presets && history.data ? lineSummaries(presets, history.data.penas) : []),
    [presets, history.data],
  );

  const notFound =
    isHttpError(device.error, 404) ||
    isHttpError(allPresets.error, 404) ||
    (allPresets.isSuccess && chartId !== undefined && presets?.length === 0);
  const subtitle = device.data
    ? [label, device.data.patrimonio, device.data.localNome].filter(Boolean).join(' · ')
    : label;
  const bucket = history.data?.penas.find((p) => p.agrupamento !== null)?.agrupamento ?? null;

  // The frame is drawn once the device's name is known: a title and subtitle
  // growing by a line would push the period and the charts down.
  if (device.isPending) return <DelayedLoader label="Carregando o gráfico" />;
  return (
    <ChartScreen
      title={nome ?? label}
      subtitle={subtitle}
      notFound={notFound ? notFoundText : null}
      period={period}
      onPeriodChange={setPeriod}
      problem={problem}
      problemId={problemId}
      loaded={loaded}
      actions={actions}
    >
      {allPresets.isError || history.isError ? (
        <Alert color="red" variant="light" role="alert">
          {loadFailure(allPresets.error ?? history.error)}
        </Alert>
      ) : allPresets.isSuccess && presets?.length === 0 ? (
        <Text c="dimmed" ta="center" py="lg">
          {none}
        </Text>
      ) : !history.data || !loaded ? (
        <DelayedLoader label="Carregando o gráfico" />
      ) : views.every((view) => view.empty) ? (
        <Text c="dimmed" ta="center" py="lg">
          {EMPTY_CHART}
        </Text>
      ) : (
        <ChartStack
          views={views}
          period={loaded}
          syncKey={`dispositivo-${owner.deviceId}`}
          summaries={summaries}
          bucket={bucket}
          stale={history.isPlaceholderData}
          annotations={annotations}
        />
      )}
    </ChartScreen>
  );
}
