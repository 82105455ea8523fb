import { Alert, Button, Group, NativeSelect, Stack, Text, Title } from '@mantine/core';
import { type DeviceEnergyCard, MANAGEMENT_TABLE_LIMIT } from '@vigia/contract';
import { API } from '@vigia/contract/api';
import { energyDefaultWindow, type Period, validatePeriodSec } from '@vigia/domain';
import { useId, useState } from 'react';
import { useParams } from 'react-router';
import { call } from '../../../lib/api';
import { DelayedLoader } from '../../../ui/DelayedLoader';
import { EmptyMessage } from '../../../ui/EmptyMessage';
import { useManagementMinichart } from '../api/get-management-minichart';
import { useManagementNames } from '../api/get-management-names';
import { useManagementStates } from '../api/get-management-states';
import { useManagementTable } from '../api/get-management-table';
import { type ManagementScope, managementQuery } from '../api/management';
import { cardColumns } from '../components/cardColumns';
import { DeviceEnergyCards, EnergyCardTile } from '../components/EnergyCardTile';
import { EnergyPeriodBar } from '../components/EnergyPeriodBar';
import { type EnergyColumn, EnergyTable } from '../components/EnergyTable';
import { loadFailure, PageHeader } from '../components/PageHeader';
import { SortSelect, useStoredPlantSort } from '../components/SortSelect';

const ALL = '';

const columns: EnergyColumn<DeviceEnergyCard>[] = [
  { header: 'Dispositivo', value: (r) => r.nome },
  { header: 'Patrimônio', value: (r) => r.patrimonio },
  { header: 'UF', value: (r) => r.uf },
  ...cardColumns<DeviceEnergyCard>(),
];

/**
 * Gestão de Dispositivos (spec 001 §7): cards by state, the mini charts
 * (limit 6), the management table (limit 16, paged) with the sort, the
 * period and the filter by name; Excel of the whole filtered table.
 */
function ManagementScreen({ scope, file }: { scope: ManagementScope; file: string }) {
  const problemId = useId();
  const [period, setPeriod] = useState<Period>(() => energyDefaultWindow(new Date()));
  const [sort, setSort] = useStoredPlantSort();
  const [deviceId, setDeviceId] = useState(ALL);
  const [offSet, setOffSet] = useState(0);
  const problem = validatePeriodSec(period.inicio, period.fim);
  const filter = { period, sortby: sort, ids: deviceId ? [Number(deviceId)] : undefined };
  const ok = problem === null;
  const names = useManagementNames(scope);
  const states = useManagementStates(scope, filter, ok);
  const minichart = useManagementMinichart(scope, filter, ok);
  const table = useManagementTable(scope, filter, offSet, ok);
  const failed = states.error ?? minichart.error ?? table.error ?? names.error;
  const total = table.data?.total ?? 0;
  const exportAll = async () =>
    (
      await call(API.energy.managementTable, {
        query: { ...managementQuery(scope, filter), offSet: 0, limit: 500 },
      })
    ).itens;

  return (
    <Stack gap="md">
      <EnergyPeriodBar
        value={period}
        onApply={(p) => {
          setPeriod(p);
          setOffSet(0);
        }}
        problem={problem}
        problemId={problemId}
      />
      <Group align="flex-end" gap="sm" wrap="wrap">
        <SortSelect
          value={sort}
          onChange={(s) => {
            setSort(s);
            setOffSet(0);
          }}
        />
        <NativeSelect
          label="Dispositivo"
          value={deviceId}
          onChange={(e) => {
            setDeviceId(e.currentTarget.value);
            setOffSet(0);
          }}
          data={[
            { value: ALL, label: 'Todos' },
            ...(names.data ?? []).map((n) => ({ value: String(n.id), label: n.nome })),
          ]}
          w={280}
        />
      </Group>
      {problem ? null : failed ? (
        <Alert color="red" variant="light" role="alert">
          {loadFailure(failed, 'Não foi possível carregar a gestão de dispositivos.')}
        </Alert>
      ) : !states.data || !minichart.data || !table.data ? (
        <DelayedLoader />
      ) : total === 0 ? (
        <EmptyMessage item="dispositivo" />
      ) : (
        <>
          <section aria-labelledby="gestao-estados">
            <Title order={2} size="h4" id="gestao-estados" mb="xs">
              Por estado
            </Title>
            <Group align="stretch" gap="sm">
              {states.data.estados.map((s) => (
                <EnergyCardTile
                  key={s.uf}
                  title={s.uf}
                  name={`Estado ${s.uf}`}
                  subtitle={`${s.dispositivos} dispositivo(s)`}
                  card={s}
                />
              ))}
            </Group>
          </section>
          <section aria-labelledby="gestao-graficos">
            <Title order={2} size="h4" id="gestao-graficos" mb="xs">
              Gráficos
            </Title>
            <DeviceEnergyCards rows={minichart.data.itens} />
          </section>
          <EnergyTable
            caption="Gestão de Dispositivos"
            columns={columns}
            rows={table.data.itens}
            rowKey={(r) => r.id}
            fileName={file}
            exportRows={exportAll}
            footer={
              <Group justify="space-between" mt="xs">
                <Text size="sm" c="gray.7">
                  {offSet + 1}–{Math.min(offSet + MANAGEMENT_TABLE_LIMIT, total)} de {total}
                </Text>
                <Group gap="xs">
                  <Button
                    variant="default"
                    size="xs"
                    disabled={offSet === 0}
                    onClick={() => setOffSet(Math.max(0, offSet - MANAGEMENT_TABLE_LIMIT))}
                  >
                    Anterior
                  </Button>
                  <Button
                    variant="default"
                    size="xs"
                    disabled={offSet + MANAGEMENT_TABLE_LIMIT >= total}
                    onClick={() => setOffSet(offSet + MANAGEMENT_TABLE_LIMIT)}
                  >
                    Próxima
                  </Button>
                </Group>
              </Group>
            }
          />
        </>
      )}
    </Stack>
  );
}

const TITLE = 'Gestão de Dispositivos';

/**
 * The system's devices (main.cluster.gestao shows it beside the system's
 * alarms): the same screen and api2 calls, scoped by `sisid`.
 */
export function SystemManagementPage() {
  const sisid = Number(useParams().sisId);
  return (
    <>
      <PageHeader title={TITLE} subtitle="Energia dos dispositivos do sistema" />
      <ManagementScreen scope={{ sisid }} file={`gestao-sistema-${sisid}.xlsx`} />
    </>
  );
}

/** `/usina/:usinaId/gestao` (main.usina.gestao). */
export function PlantManagementPage() {
  const usinaId = Number(useParams().usinaId);
  return (
    <>
      <PageHeader title={TITLE} subtitle="Energia dos dispositivos da usina" />
      <ManagementScreen scope={{ usinaId }} file={`gestao-usina-${usinaId}.xlsx`} />
    </>
  );
}

/** `/scd/:scdId/gestao` (main.scd.gestao). */
export function ScdManagementPage() {
  const scdId = Number(useParams().scdId);
  return (
    <>
      <PageHeader title={TITLE} subtitle="Energia dos dispositivos do SCD" />
      <ManagementScreen scope={{ scdId }} file={`gestao-scd-${scdId}.xlsx`} />
    </>
  );
}

/** `/venue/:venueId/gestao` (main.venue.gestao). */
export function VenueManagementPage() {
  const venueId = Number(useParams().venueId);
  return (
    <>
      <PageHeader title={TITLE} subtitle="Energia dos dispositivos do local" />
      <ManagementScreen scope={{ venueId }} file={`gestao-venue-${venueId}.xlsx`} />
    </>
  );
}
