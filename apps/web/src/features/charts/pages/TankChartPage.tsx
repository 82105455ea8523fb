import { Alert, Group, Paper, Stack, Text, Title } from '@mantine/core';
import {
  CHART_PERIOD_DEFAULT,
  chartDefaultWindow,
  isRollingChartPeriod,
  validatePeriodSec,
} from '@vigia/domain';
import { useId, useMemo, useState } from 'react';
import { useParams } from 'react-router';
import { isHttpError } from '../../../lib/httpErrors';
import { usePageTitle } from '../../../lib/navigation';
import { useSiteDevice } from '../../../lib/site/get-site-device';
import { DelayedLoader } from '../../../ui/DelayedLoader';
import { useChartHistory } from '../api/get-chart-history';
import { useChartPresets } from '../api/get-chart-presets';
import { ChartPeriodFields, type ChartPeriodValue } from '../components/ChartPeriodFields';
import { ChartSummaryTable } from '../components/ChartSummaryTable';
import { bucketLabel, formatDateMinute } from '../components/chartFormat';
import { chartView, lineSummaries, penNames } from '../components/chartModel';
import { TimeSeriesChart } from '../components/TimeSeriesChart';

const LABEL = 'Gráfico do Tanque';
const EMPTY = 'Sem dados no período.';

function loadFailure(error: unknown): string {
  return isHttpError(error) && error.status < 500
    ? error.message
    : 'Não foi possível carregar o gráfico.';
}

/**
 * `tanque/grafico/:siteId` (main.cluster.tanqueChart): the tank's chart presets
 * (litros, temperatura, nivel) over a period, one chart per preset with a
 * shared cursor, and their values in a table.
 */
export function TankChartPage() {
  const params = useParams();
  return (
    <DeviceCharts siteId={Number(params.siteId)} label={LABEL} notFound="Tanque não encontrado." />
  );
}

/**
 * `site/:scdId/:usinaId/:siteId/grafico/:chartId` (main.site.grafico): one
 * chart preset of the device (spec 000 §3 presets by device type).
 */
export function SiteChartPage() {
  const params = useParams();
  return (
    <DeviceCharts
      siteId={Number(params.siteId)}
      chartId={Number(params.chartId)}
      label="Gráfico"
      notFound="Gráfico não encontrado."
    />
  );
}

interface DeviceChartsProps {
  siteId: number;
  /** Only this preset (idGraphical); all of the device's when absent. */
  chartId?: number;
  label: string;
  notFound: string;
}

/** A device's chart presets over a period, with a shared cursor and the summary table. */
function DeviceCharts({
  siteId,
  chartId,
  label: LABEL,
  notFound: notFoundText,
}: DeviceChartsProps) {
  const problemId = useId();
  const device = useSiteDevice(siteId);
  const allPresets = useChartPresets(siteId);
  const presets = useMemo(
    () => ({
      ...allPresets,
      data:
        chartId === undefined
          ? allPresets.data
          : allPresets.data?.filter((preset) => preset.idGraphical === chartId),
    }),
    [allPresets, chartId],
  );
  const [period, setPeriod] = useState<ChartPeriodValue>(() => ({
    choice: CHART_PERIOD_DEFAULT,
    custom: chartDefaultWindow(new Date()),
  }));
  const problem =
    period.choice === 'periodo' ? validatePeriodSec(period.custom.inicio, period.custom.fim) : null;
  const nomes = useMemo(() => penNames(presets.data ?? []), [presets.data]);
  const history = useChartHistory(
    { idDispositivo: siteId, nomes, ...period },
    presets.isSuccess && !problem,
  );

  const nome = device.data?.nome ?? null;
  usePageTitle(nome);
  const views = useMemo(
    () =>
      presets.data && history.data
        ? presets.data.map((preset) => chartView(preset, history.data.penas, history.data))
        : [],
    [presets.data, history.data],
  );
  const summaries = useMemo(
    () => (presets.data && history.data ? lineSummaries(presets.data, history.data.penas) : []),
    [presets.data, history.data],
  );

  const notFound =
    isHttpError(device.error, 404) ||
    isHttpError(presets.error, 404) ||
    (presets.isSuccess && chartId !== undefined && presets.data?.length === 0);
  const subtitle = device.data
    ? [LABEL, device.data.patrimonio, device.data.localNome].filter(Boolean).join(' · ')
    : LABEL;
  const bucket = history.data?.penas.find((p) => p.agrupamento !== null)?.agrupamento ?? null;

  return (
    <>
      <Group justify="space-between" align="flex-end" mb="md" gap="sm">
        <div>
          <Title order={1} size="h2">
            {nome ?? LABEL}
          </Title>
          <Text size="sm" c="gray.7">
            {subtitle}
          </Text>
        </div>
      </Group>

      {notFound ? (
        <Alert color="red" variant="light" role="alert">
          {notFoundText}
        </Alert>
      ) : (
        <Stack gap="md">
          <Group align="flex-end" gap="sm" wrap="wrap">
            <ChartPeriodFields
              value={period}
              onChange={setPeriod}
              problem={problem}
              problemId={problemId}
            />
            {history.data && !problem && (
              <Text size="sm" c="gray.7" pb={8}>
                De {formatDateMinute(history.data.inicio)} a {formatDateMinute(history.data.fim)}
                {isRollingChartPeriod(period.choice) ? ' · atualiza a cada minuto' : ''}
              </Text>
            )}
          </Group>

          {problem ? (
            <Alert id={problemId} color="red" variant="light" role="alert">
              {problem}
            </Alert>
          ) : presets.isError || history.isError ? (
            <Alert color="red" variant="light" role="alert">
              {loadFailure(presets.error ?? history.error)}
            </Alert>
          ) : presets.isSuccess && presets.data?.length === 0 ? (
            <Text c="dimmed" ta="center" py="lg">
              Nenhum gráfico configurado para este tanque.
            </Text>
          ) : !history.data ? (
            <DelayedLoader label="Carregando o gráfico" />
          ) : views.every((view) => view.empty) ? (
            <Text c="dimmed" ta="center" py="lg">
              {EMPTY}
            </Text>
          ) : (
            <Stack gap="md" style={{ opacity: history.isPlaceholderData ? 0.6 : 1 }}>
              <Text size="sm" c="gray.7">
                Passe o mouse sobre um gráfico, ou selecione-o e use as setas do teclado, para ler
                os valores de um instante.
              </Text>
              {views.map((view) => (
                <Paper key={view.id} withBorder p="sm" component="section" aria-label={view.title}>
                  <Title order={2} size="h5" mb={4}>
                    {view.title}
                  </Title>
                  {view.empty ? (
                    <Text c="dimmed" size="sm" py="md">
                      {EMPTY}
                    </Text>
                  ) : (
                    <TimeSeriesChart
                      view={view}
                      syncKey={`tanque-${siteId}`}
                      description={`Gráfico de ${view.title} de ${formatDateMinute(
                        history.data.inicio,
                      )} a ${formatDateMinute(history.data.fim)}. Valores na tabela Resumo do período.`}
                    />
                  )}
                </Paper>
              ))}
              {bucket !== null && (
                <Text size="sm" c="gray.7">
                  Período longo: cada ponto é a média de {bucketLabel(bucket)}; a faixa clara vai do
                  mínimo ao máximo.
                </Text>
              )}
              <ChartSummaryTable lines={summaries} />
            </Stack>
          )}
        </Stack>
      )}
    </>
  );
}
