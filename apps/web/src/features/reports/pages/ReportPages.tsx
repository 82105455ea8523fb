import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Table.css';
import '@mantine/core/styles/SegmentedControl.css';
import {
  Alert,
  Button,
  Group,
  SegmentedControl,
  Select,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import type { TableConfig } from '@vigia/contract';
import {
  CUSTOM_PERIOD,
  isPeriodPreset,
  MAINTENANCE_REPORT_TIPO,
  MONTHLY_REPORT_GROUP,
  PERIOD_COMBO,
  type Period,
  type PeriodChoice,
  periodPreset,
  REPORT_GROUPS,
  REPORT_SCREEN_PAGE_SIZE,
  type ReportGroup,
  validatePeriodSec,
} from '@vigia/domain';
import { useId, useMemo, useState } from 'react';
import { useParams } from 'react-router';
import { isHttpError } from '../../../lib/httpErrors';
import { usePageTitle } from '../../../lib/navigation';
import { type PlaceKind, usePlaceDevice } from '../../../lib/site/get-place-device';
import { useSiteDevice } from '../../../lib/site/get-site-device';
import { DelayedLoader } from '../../../ui/DelayedLoader';
import { PeriodRangeInputs } from '../../../ui/PeriodRangeInputs';
import { useMaintenanceData, useReportConfigs, useReportData } from '../api/get-report';
import { MaintenanceTotals } from '../components/MaintenanceTotals';
import { exportReportExcel } from '../components/reportExcel';
import { maintenanceTable, reportFileName, reportTable } from '../components/reportModel';

type Pick = (configs: readonly TableConfig[], reportId: number) => TableConfig | undefined;

const byId: Pick = (configs, reportId) => configs.find((c) => c.idTabela === reportId);
const byKind =
  (tipo: string): Pick =>
  (configs) =>
    configs.find((c) => c.table?.tipo === tipo);

/** Whose report: a device (site), or a plant's or an SCD's measuring device. */
type ReportPlace = 'site' | PlaceKind;

/** `site/…/relatorio/:reportId` (main.site.relatorio): a report preset of the device. */
export function SiteReportPage() {
  return <ReportScreen place="site" pick={byId} label="Relatório" />;
}

/** `usina/:usinaId/relatorio/:reportId` (main.usina.relatorio): a report preset of the plant. */
export function PlantReportPage() {
  return <ReportScreen place="usina" pick={byId} label="Relatório" />;
}

/** `scd/:scdId/scd/relatorio/:reportId` (main.scd.relatorio): a report preset of the SCD. */
export function ScdReportPage() {
  return <ReportScreen place="scd" pick={byId} label="Relatório" />;
}

/** `site/…/horimetro` (main.site.horimetro): the device's hour-meter report. */
export function HourMeterReportPage() {
  return <ReportScreen place="site" pick={byKind('horimetro')} label="Relatório Horímetro" />;
}

/** `site/…/infosOperacionais` (main.site.infos): the device's operational information. */
export function OperationalInfoPage() {
  return (
    <ReportScreen
      place="site"
      pick={byKind('infosOperacionais')}
      label="Informações Operacionais"
    />
  );
}

const COMBO = PERIOD_COMBO.map((o) => ({ value: o.value, label: o.label }));
const GROUPS = REPORT_GROUPS.map((g) => ({ value: String(g.value), label: g.label }));

/**
 * A report (spec 001 §2 report screens): date filter with the period
 * shortcuts, group Dia/Mês, the rows in pages of 20 with comma decimals and
 * '---' for missing values, and the Excel export of the table shown. A plant
 * or an SCD shows the presets of its measuring device; a maintenance preset
 * shows its counters' readings and differences, and the period's totals.
 */
function ReportScreen({ place, pick, label }: { place: ReportPlace; pick: Pick; label: string }) {
  const params = useParams();
  const placeId = Number(
    place === 'site' ? params.siteId : place === 'usina' ? params.usinaId : params.scdId,
  );
  const problemId = useId();
  const placeDevice = usePlaceDevice(place === 'site' ? null : place, placeId);
  const siteId = place === 'site' ? placeId : (placeDevice.data?.id ?? null);
  const device = useSiteDevice(siteId ?? 0);
  const configs = useReportConfigs(siteId);
  const config = configs.data ? pick(configs.data, Number(params.reportId)) : undefined;
  const maintenance = config?.table?.tipo === MAINTENANCE_REPORT_TIPO;
  const [choice, setChoice] = useState<PeriodChoice>('hoje');
  const [custom, setCustom] = useState<Period>(() => periodPreset('hoje', new Date()));
  const [group, setGroup] = useState<ReportGroup>(0);
  const [page, setPage] = useState(0);
  const period = useMemo(
    () => (choice === CUSTOM_PERIOD ? custom : periodPreset(choice, new Date())),
    [choice, custom],
  );
  const problem = validatePeriodSec(period.inicio, period.fim, {
    monthly: group === MONTHLY_REPORT_GROUP,
  });
  const query = {
    idSite: siteId ?? 0,
    inicio: period.inicio,
    fim: period.fim,
    tipoPeriodo: group,
    offSet: page * REPORT_SCREEN_PAGE_SIZE,
    limit: REPORT_SCREEN_PAGE_SIZE,
  };
  const rows = useReportData(
    config && !maintenance ? config.idTabela : null,
    query,
    !problem && siteId !== null,
  );
  const counters = useMaintenanceData(
    config && maintenance ? config.idTabela : null,
    query,
    !problem && siteId !== null,
  );
  const data = maintenance ? counters : rows;
  const table = useMemo(
    () =>
      maintenance
        ? counters.data && maintenanceTable(counters.data)
        : rows.data && reportTable(rows.data),
    [maintenance, counters.data, rows.data],
  );
  const title = config?.table?.nome ?? label;
  usePageTitle(device.data ? `${title} · ${device.data.nome}` : title);
  const pages = data.data ? Math.max(1, Math.ceil(data.data.total / REPORT_SCREEN_PAGE_SIZE)) : 1;
  const notFound =
    (placeDevice.isSuccess && placeDevice.data === null) ||
    isHttpError(placeDevice.error, 404) ||
    isHttpError(device.error, 404) ||
    isHttpError(configs.error, 404) ||
    (configs.isSuccess && !config);

  const changePeriod = (next: PeriodChoice) => {
    setCustom(period);
    setChoice(next);
    setPage(0);
  };

  return (
    <>
      <Group justify="space-between" align="flex-end" mb="md" gap="sm">
        <div>
          <Title order={1} size="h2">
            {title}
          </Title>
          <Text size="sm" c="gray.7">
            {[device.data?.nome, device.data?.patrimonio, device.data?.localNome]
              .filter(Boolean)
              .join(' · ')}
          </Text>
        </div>
      </Group>
      {notFound ? (
        <Alert color="red" variant="light" role="alert">
          Relatório não encontrado.
        </Alert>
      ) : (
        <Stack gap="md">
          <Group align="flex-end" gap="sm" wrap="wrap">
            <Select
              label="Período"
              data={COMBO}
              value={choice}
              onChange={(value) =>
                value && (isPeriodPreset(value) || value === CUSTOM_PERIOD) && changePeriod(value)
              }
              allowDeselect={false}
              w={190}
            />
            {choice === CUSTOM_PERIOD && (
              <PeriodRangeInputs
                value={custom}
                onChange={(next) => {
                  setCustom(next);
                  setPage(0);
                }}
                problem={problem}
                problemId={problemId}
              />
            )}
            <div>
              <Text component="span" size="sm" fw={500} id={`${problemId}-grupo`} display="block">
                Agrupar por
              </Text>
              <SegmentedControl
                aria-labelledby={`${problemId}-grupo`}
                data={GROUPS}
                value={String(group)}
                onChange={(value) => {
                  setGroup(Number(value) === MONTHLY_REPORT_GROUP ? MONTHLY_REPORT_GROUP : 0);
                  setPage(0);
                }}
              />
            </div>
            <Button
              variant="default"
              disabled={!table || table.rows.length === 0 || Boolean(problem)}
              onClick={() =>
                table &&
                exportReportExcel(reportFileName(device.data?.nome ?? title, period), table)
              }
            >
              Exportar Excel
            </Button>
          </Group>
          {problem ? (
            <Alert id={problemId} color="red" variant="light" role="alert">
              {problem}
            </Alert>
          ) : data.isError || configs.isError || placeDevice.isError ? (
            <Alert color="red" variant="light" role="alert">
              {isHttpError(data.error) && data.error.status < 500
                ? data.error.message
                : 'Não foi possível carregar o relatório.'}
            </Alert>
          ) : !table ? (
            <DelayedLoader label="Carregando o relatório" />
          ) : (
            <Stack gap="xs" style={{ opacity: data.isPlaceholderData ? 0.6 : 1 }}>
              <Table.ScrollContainer minWidth={600}>
                <Table striped withTableBorder aria-label={title}>
                  <Table.Thead>
                    <Table.Tr>
                      {table.columns.map((c) => (
                        <Table.Th key={c.key} scope="col">
                          {c.header}
                        </Table.Th>
                      ))}
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {table.rows.map((row) => (
                      <Table.Tr key={row.ts}>
                        {row.cells.map((cell, i) => (
                          <Table.Td
                            key={table.columns[i]?.key}
                            ta={table.columns[i]?.date ? undefined : 'right'}
                          >
                            {cell.text}
                          </Table.Td>
                        ))}
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
              <Group justify="space-between">
                <Text size="sm" c="gray.7">
                  {data.data?.total ?? 0} linhas · página {page + 1} de {pages}
                </Text>
                <Group gap="xs">
                  <Button
                    variant="default"
                    size="xs"
                    disabled={page === 0}
                    onClick={() => setPage(page - 1)}
                  >
                    Anterior
                  </Button>
                  <Button
                    variant="default"
                    size="xs"
                    disabled={page + 1 >= pages}
                    onClick={() => setPage(page + 1)}
                  >
                    Próxima
                  </Button>
                </Group>
              </Group>
              {maintenance && counters.data && <MaintenanceTotals data={counters.data} />}
            </Stack>
          )}
        </Stack>
      )}
    </>
  );
}
