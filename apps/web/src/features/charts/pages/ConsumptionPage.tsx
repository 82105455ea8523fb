import '@mantine/core/styles/Table.css';
import { Alert, Table, Text } from '@mantine/core';
import { chartPeriod, formatDate, formatNumber, GAS_PREDICTION_WINDOW_MIN } from '@vigia/domain';
import { useId, useMemo } from 'react';
import { useParams } from 'react-router';
import { usePageTitle } from '../../../lib/navigation';
import { usePlaceDevice } from '../../../lib/site/get-place-device';
import { DelayedLoader } from '../../../ui/DelayedLoader';
import { useChartOccurrences } from '../api/get-chart-occurrences';
import { useConsumption } from '../api/get-consumption';
import { ChartScreen, loadFailure } from '../components/ChartScreen';
import { ChartStack, EMPTY_CHART } from '../components/ChartStack';
import { annotationsOf } from '../components/chartModel';
import {
  type ConsumptionDay,
  consumptionDays,
  consumptionViews,
} from '../components/consumptionModel';
import { useChartPeriod } from '../components/useChartPeriod';

/**
 * `scd/:scdId/consumo` (main.scd.consumo, 'Consumo Específico'): litres of
 * fuel per MWh generated, day by day, with the fuel as bars and the energy as
 * a line, the fuel forecast over the gas prediction window (10080 min), and
 * the SCD's occurrences marked (spec 001 §2 energy screens).
 */
export function ConsumptionPage() {
  const scdId = Number(useParams().scdId);
  const problemId = useId();
  const scd = usePlaceDevice('scd', scdId);
  const { period, setPeriod, problem } = useChartPeriod(GAS_PREDICTION_WINDOW_MIN);
  // Resolved once per choice: a window that ends now is not re-read at each render.
  const wanted = useMemo(
    () => (problem ? null : chartPeriod(period.choice, new Date(), period.custom)),
    [problem, period.choice, period.custom],
  );
  const usinaId = scd.data?.usinaId ?? null;
  const consumption = useConsumption(usinaId, wanted);
  const loaded = useMemo(() => {
    const energy = consumption.data?.energy;
    return energy ? { inicio: energy.inicio, fim: energy.fim } : null;
  }, [consumption.data]);
  const occurrences = useChartOccurrences(loaded ? { scdId } : null, loaded);
  usePageTitle(scd.data?.nome ?? null);

  const days = useMemo(
    () =>
      consumption.data
        ? consumptionDays(consumption.data.energy, consumption.data.fuel, scdId)
        : [],
    [consumption.data, scdId],
  );
  const annotations = useMemo(
    () => (occurrences.data && loaded ? annotationsOf(occurrences.data, loaded) : []),
    [occurrences.data, loaded],
  );
  const views = useMemo(
    () =>
      loaded
        ? consumptionViews(days, loaded).map((view) => ({
            ...view,
            annotations: view.id === 3 ? [] : annotations,
          }))
        : [],
    [days, loaded, annotations],
  );
  const notFound = scd.isSuccess && (scd.data === null || scd.data.usinaId === null);

  return (
    <ChartScreen
      title={scd.data?.nome ?? 'Consumo Específico'}
      subtitle="Consumo Específico · combustível por energia gerada"
      notFound={notFound ? 'SCD não encontrado.' : null}
      period={period}
      onPeriodChange={setPeriod}
      problem={problem}
      problemId={problemId}
      loaded={loaded}
      live={false}
    >
      {scd.isError || consumption.isError ? (
        <Alert color="red" variant="light" role="alert">
          {loadFailure(scd.error ?? consumption.error)}
        </Alert>
      ) : !loaded ? (
        <DelayedLoader label="Carregando o consumo" />
      ) : views.every((view) => view.empty) ? (
        <Text c="dimmed" ta="center" py="lg">
          {EMPTY_CHART}
        </Text>
      ) : (
        <>
          <ChartStack
            views={views}
            period={loaded}
            syncKey={`consumo-${scdId}`}
            summaries={[]}
            bucket={null}
            stale={consumption.isPlaceholderData}
            annotations={annotations}
          />
          <ConsumptionTable days={days} />
        </>
      )}
    </ChartScreen>
  );
}

/** The days in text: the charts' alternative. */
function ConsumptionTable({ days }: { days: readonly ConsumptionDay[] }) {
  return (
    // On a phone the table scrolls inside its own box, the dates kept as row headers.
    <Table.ScrollContainer
      minWidth={420}
      tabIndex={0}
      aria-label="Consumo por dia: role para ver tudo"
    >
      <Table withTableBorder verticalSpacing={6} fz="sm" captionSide="top">
        <Table.Caption c="gray.8" fw={600} ta="left" mt={0}>
          Consumo por dia
        </Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Data</Table.Th>
            <Table.Th scope="col" ta="right">
              Combustível (L)
            </Table.Th>
            <Table.Th scope="col" ta="right">
              Energia (kWh)
            </Table.Th>
            <Table.Th scope="col" ta="right">
              Consumo Específico (L/MWh)
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {days.map((day) => (
            <Table.Tr key={day.ts}>
              <Table.Th scope="row" fw={500}>
                {formatDate(day.ts)}
              </Table.Th>
              <Table.Td ta="right">{formatNumber(day.litros, 0)}</Table.Td>
              <Table.Td ta="right">{formatNumber(day.kWh, 0)}</Table.Td>
              <Table.Td ta="right">{formatNumber(day.especifico, 1)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
