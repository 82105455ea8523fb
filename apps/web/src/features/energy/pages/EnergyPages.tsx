import { Alert, Anchor, Button, Group, Stack, Text } from '@mantine/core';
import type { DeviceEnergyCard, EnergyDayRow, PlantDayEnergy } from '@vigia/contract';
import {
  addDays,
  calendarDateOf,
  energyDefaultWindow,
  formatDate,
  type Period,
  startOfDaySec,
  validatePeriodSec,
} from '@vigia/domain';
import { useId, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { usePageTitle, useRouteLinks } from '../../../lib/navigation';
import { DelayedLoader } from '../../../ui/DelayedLoader';
import { EmptyMessage } from '../../../ui/EmptyMessage';
import { useGeneratorEnergy } from '../api/get-generator-energy';
import { useManagementTable } from '../api/get-management-table';
import { usePlantDailyEnergy } from '../api/get-plant-daily-energy';
import { usePlantDayEnergy } from '../api/get-plant-day-energy';
import { cardColumns } from '../components/cardColumns';
import { DeviceEnergyCards, EnergyCardTile } from '../components/EnergyCardTile';
import { EnergyPeriodBar } from '../components/EnergyPeriodBar';
import { type EnergyColumn, EnergyTable } from '../components/EnergyTable';
import { excelEnergy, formatKwh } from '../components/energyFormat';
import { dayFromRoute, periodFromRoute, periodParams } from '../components/energyPeriod';
import { loadFailure, PageHeader } from '../components/PageHeader';
import { PlantsEnergy } from '../components/PlantsEnergy';
import { SortSelect, useStoredPlantSort } from '../components/SortSelect';

const MAX_ROWS = 500;

/** Navigates a `:tsInit/:tsEnd` route to another period. */
function usePeriodRoute(routeId: string) {
  const params = useParams();
  const links = useRouteLinks();
  const navigate = useNavigate();
  const period = periodFromRoute(params.tsInit, params.tsEnd);
  const go = (next: Period) => {
    const href = links.hrefFor(routeId, { ...params, ...periodParams(next) });
    if (href) navigate(href);
  };
  return { params, period, go };
}

/** `/energia/:tsInit/:tsEnd` (main.cluster.energia): the system's plants. */
export function ClusterEnergyPage() {
  const { params, period, go } = usePeriodRoute('main.cluster.energia');
  return (
    <>
      <PageHeader title="Energia" subtitle="Energia gerada por usina, agrupada por estado" />
      <PlantsEnergy sisid={Number(params.sisId) || 0} period={period} onPeriod={go} />
    </>
  );
}

const deviceColumns: EnergyColumn<DeviceEnergyCard>[] = [
  { header: 'Dispositivo', value: (r) => r.nome },
  { header: 'Local', value: (r) => r.localNome },
  { header: 'UF', value: (r) => r.uf },
  ...cardColumns<DeviceEnergyCard>(false),
];

/** `/energiaSistemas` (main.clientes.energia): every system's plants and generators. */
export function ClientEnergyPage() {
  const [period, setPeriod] = useState<Period>(() => energyDefaultWindow(new Date()));
  const [sort] = useStoredPlantSort();
  const problem = validatePeriodSec(period.inicio, period.fim);
  const generators = useGeneratorEnergy(0, period, sort, problem === null);
  return (
    <>
      <PageHeader title="Energia" subtitle="Usinas e geradores de todos os seus sistemas" />
      <Stack gap="lg">
        <PlantsEnergy sisid={0} period={period} onPeriod={setPeriod} />
        {!problem && generators.data && (
          <EnergyTable
            caption="Energia por gerador"
            columns={deviceColumns}
            rows={generators.data.geradores}
            rowKey={(r) => r.id}
            fileName="energia-geradores.xlsx"
          />
        )}
      </Stack>
    </>
  );
}

/** `/usina/:usinaId/energiausina/:tsInit/:tsEnd` (main.usina.energia). */
export function PlantEnergyPage() {
  const { params, period, go } = usePeriodRoute('main.usina.energia');
  const links = useRouteLinks();
  const problemId = useId();
  const usinaId = Number(params.usinaId);
  const problem = validatePeriodSec(period.inicio, period.fim);
  const query = usePlantDailyEnergy(usinaId, period, problem === null);
  usePageTitle(query.data?.nome ?? null);
  const dayLink = (row: EnergyDayRow) => {
    const href = links.hrefFor('main.usina.diaria', { ...params, ts: row.data });
    return href ? (
      <Anchor component={Link} to={href} c="gray.9" underline="always">
        {formatDate(row.ts)}
      </Anchor>
    ) : (
      formatDate(row.ts)
    );
  };
  const columns: EnergyColumn<EnergyDayRow>[] = [
    { header: 'Data', value: (r) => formatDate(r.ts), render: dayLink },
    {
      header: 'Energia Gerada (kWh)',
      value: (r) => excelEnergy(r.energia),
      render: (r) => formatKwh(r.energia),
      numeric: true,
    },
    {
      header: 'Energia da Rede (kWh)',
      value: (r) => excelEnergy(r.energiaTotalRede),
      render: (r) => formatKwh(r.energiaTotalRede),
      numeric: true,
    },
  ];
  return (
    <>
      <PageHeader title={query.data?.nome ?? 'Energia da usina'} subtitle="Energia por dia" />
      <Stack gap="md">
        <EnergyPeriodBar value={period} onApply={go} problem={problem} problemId={problemId} />
        {problem ? null : query.isError ? (
          <Alert color="red" variant="light" role="alert">
            {loadFailure(query.error, 'Não foi possível carregar a energia da usina.')}
          </Alert>
        ) : !query.data ? (
          <DelayedLoader />
        ) : (
          <>
            <Group align="stretch" gap="sm">
              <EnergyCardTile title="Energia gerada" name="Energia gerada" card={query.data} />
              <Stack gap={4}>
                <Text size="sm">Total gerado: {formatKwh(query.data.energiaTotalUsina)}</Text>
                <Text size="sm">Total da rede: {formatKwh(query.data.energiaTotalRede)}</Text>
                {query.data.energiaPorScd.map((s) => (
                  <Text size="sm" key={s.id}>
                    {s.nome}: {formatKwh(s.energia)}
                  </Text>
                ))}
              </Stack>
            </Group>
            <EnergyTable
              caption="Energia por dia"
              columns={columns}
              rows={query.data.energiaPeriodo}
              rowKey={(r) => r.ts}
              fileName={`energia-usina-${usinaId}.xlsx`}
            />
          </>
        )}
      </Stack>
    </>
  );
}

/** Previous and next day of a `:ts` route. */
function DayNav({ ts, routeId }: { ts: number; routeId: string }) {
  const params = useParams();
  const links = useRouteLinks();
  const navigate = useNavigate();
  const day = calendarDateOf(ts * 1000);
  const today = calendarDateOf(Date.now());
  const go = (delta: number) => {
    const target = addDays(day, delta);
    const href = links.hrefFor(routeId, { ...params, ts: String(startOfDaySec(target)) });
    if (href) navigate(href);
  };
  const isToday = startOfDaySec(day) >= startOfDaySec(today);
  return (
    <Group gap="xs" align="center">
      <Button variant="default" size="xs" onClick={() => go(-1)}>
        Dia anterior
      </Button>
      <Text fw={600} aria-live="polite">
        {formatDate(ts)}
      </Text>
      <Button variant="default" size="xs" onClick={() => go(1)} disabled={isToday}>
        Próximo dia
      </Button>
    </Group>
  );
}

/** `/usina/:usinaId/energiadiaria/:ts` (main.usina.diaria): each device's energy of the day. */
export function PlantDailyEnergyPage() {
  const params = useParams();
  const usinaId = Number(params.usinaId);
  const ts = dayFromRoute(params.ts);
  const query = usePlantDayEnergy(usinaId, ts);
  usePageTitle(query.data ? `Energia Diária · ${query.data.nome}` : null);
  const columns: EnergyColumn<PlantDayEnergy['dispositivos'][number]>[] = [
    { header: 'Dispositivo', value: (r) => r.nome },
    { header: 'Patrimônio', value: (r) => r.patrimonio },
    { header: 'Tipo', value: (r) => r.tipo },
    {
      header: 'Energia (kWh)',
      value: (r) => excelEnergy(r.energia),
      render: (r) => formatKwh(r.energia),
      numeric: true,
    },
  ];
  return (
    <>
      <PageHeader title="Energia Diária" subtitle={query.data?.nome} />
      <Stack gap="md">
        <DayNav ts={ts} routeId="main.usina.diaria" />
        {query.isError ? (
          <Alert color="red" variant="light" role="alert">
            {loadFailure(query.error, 'Não foi possível carregar a energia do dia.')}
          </Alert>
        ) : !query.data ? (
          <DelayedLoader />
        ) : (
          <>
            <Group gap="lg">
              <Text size="sm">Energia gerada: {formatKwh(query.data.energiaTotalUsina)}</Text>
              <Text size="sm">Energia da rede: {formatKwh(query.data.energiaTotalRede)}</Text>
            </Group>
            {query.data.dispositivos.length === 0 ? (
              <EmptyMessage item="dispositivo" />
            ) : (
              <EnergyTable
                caption="Energia do dia por dispositivo"
                columns={columns}
                rows={query.data.dispositivos}
                rowKey={(r) => r.id}
                fileName={`energia-diaria-usina-${usinaId}-${query.data.data}.xlsx`}
              />
            )}
          </>
        )}
      </Stack>
    </>
  );
}

/** `/scd/:scdId/energiascd/:tsInit/:tsEnd` (main.scd.energia): the SCD's devices over the period. */
export function ScdEnergyPage() {
  const { params, period, go } = usePeriodRoute('main.scd.energia');
  const problemId = useId();
  const scdId = Number(params.scdId);
  const problem = validatePeriodSec(period.inicio, period.fim);
  const [sort, setSort] = useStoredPlantSort();
  const table = useManagementTable(
    { scdId },
    { period, sortby: sort },
    0,
    problem === null,
    MAX_ROWS,
  );
  return (
    <>
      <PageHeader title="Energia do SCD" subtitle="Energia por dispositivo no período" />
      <Stack gap="md">
        <EnergyPeriodBar value={period} onApply={go} problem={problem} problemId={problemId} />
        {problem ? null : table.isError ? (
          <Alert color="red" variant="light" role="alert">
            {loadFailure(table.error, 'Não foi possível carregar a energia do SCD.')}
          </Alert>
        ) : !table.data ? (
          <DelayedLoader />
        ) : (
          <>
            <SortSelect value={sort} onChange={setSort} />
            <DeviceEnergyCards rows={table.data.itens} />
            <EnergyTable
              caption="Energia por dispositivo"
              columns={deviceColumns}
              rows={table.data.itens}
              rowKey={(r) => r.id}
              fileName={`energia-scd-${scdId}.xlsx`}
            />
          </>
        )}
      </Stack>
    </>
  );
}

/** `/scd/:scdId/energiadiaria/:ts` (main.scd.diaria): the SCD's devices on one day. */
export function ScdDailyEnergyPage() {
  const params = useParams();
  const scdId = Number(params.scdId);
  const ts = dayFromRoute(params.ts);
  const period = { inicio: ts, fim: ts };
  const table = useManagementTable(
    { scdId },
    { period, sortby: 'maiorenergia' },
    0,
    true,
    MAX_ROWS,
  );
  const columns: EnergyColumn<DeviceEnergyCard>[] = [
    { header: 'Dispositivo', value: (r) => r.nome },
    { header: 'Patrimônio', value: (r) => r.patrimonio },
    { header: 'Tipo', value: (r) => r.tipo },
    {
      header: 'Energia (kWh)',
      value: (r) => excelEnergy(r.energia[0]?.valor ?? null),
      render: (r) => formatKwh(r.energia[0]?.valor ?? null),
      numeric: true,
    },
  ];
  return (
    <>
      <PageHeader title="Energia Diária" subtitle="Energia do dia por dispositivo do SCD" />
      <Stack gap="md">
        <DayNav ts={ts} routeId="main.scd.diaria" />
        {table.isError ? (
          <Alert color="red" variant="light" role="alert">
            {loadFailure(table.error, 'Não foi possível carregar a energia do dia.')}
          </Alert>
        ) : !table.data ? (
          <DelayedLoader />
        ) : table.data.itens.length === 0 ? (
          <EmptyMessage item="dispositivo" />
        ) : (
          <EnergyTable
            caption="Energia do dia por dispositivo"
            columns={columns}
            rows={table.data.itens}
            rowKey={(r) => r.id}
            fileName={`energia-diaria-scd-${scdId}.xlsx`}
          />
        )}
      </Stack>
    </>
  );
}
