import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/Combobox.css';
import { Alert, Group, Paper, Select, Stack, Text, Title } from '@mantine/core';
import {
  ALARM_KPI_LABELS,
  CUSTOM_PERIOD,
  isPeriodPreset,
  PERIOD_COMBO,
  type Period,
  type PeriodChoice,
  periodPreset,
  validatePeriodSec,
} from '@vigia/domain';
import { useId, useMemo, useState } from 'react';
import { useParams } from 'react-router';
import { isHttpError } from '../../../lib/httpErrors';
import { usePageTitle, useRouteLinks } from '../../../lib/navigation';
import { DelayedLoader } from '../../../ui/DelayedLoader';
import { PeriodRangeInputs } from '../../../ui/PeriodRangeInputs';
import { useAlarmKpi } from '../api/get-alarm-kpi';
import { FloodTimeline } from '../components/FloodTimeline';
import { KpiFigures } from '../components/KpiFigures';
import { ChatteringTable, StaleTable, SystemsTable, TopAlarmsTable } from '../components/KpiTables';

const COMBO = PERIOD_COMBO.map((o) => ({ value: o.value, label: o.label }));

/** `alarmes/indicadores` (main.cluster.indicadoresAlarmes): one system's alarm KPIs. */
export function SystemAlarmKpiPage() {
  const sisId = Number(useParams().sisId) || 0;
  return <AlarmKpiScreen sisId={sisId} />;
}

/** The client-systems group (main.clientes.indicadoresAlarmes): all the user's systems. */
export function ClientAlarmKpiPage() {
  return <AlarmKpiScreen sisId={0} />;
}

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  const id = useId();
  return (
    <Paper withBorder p="md" radius="sm" component="section" aria-labelledby={id}>
      <Title order={2} size="h4" mb="sm" id={id}>
        {title}
      </Title>
      {children}
    </Paper>
  );
}

/**
 * The alarm KPIs of issue 17 (ISA-18.2 / EEMUA 191) for a period: the figure
 * cards against the guidance, the flood timeline, the ten most frequent,
 * chattering and stale alarms, and per system on the client-systems view.
 */
function AlarmKpiScreen({ sisId }: { sisId: number }) {
  const problemId = useId();
  const links = useRouteLinks();
  usePageTitle(ALARM_KPI_LABELS.title);
  const [choice, setChoice] = useState<PeriodChoice>('hoje');
  const [custom, setCustom] = useState<Period>(() => periodPreset('hoje', new Date()));
  const period = useMemo(
    () => (choice === CUSTOM_PERIOD ? custom : periodPreset(choice, new Date())),
    [choice, custom],
  );
  const problem = validatePeriodSec(period.inicio, period.fim);
  const kpi = useAlarmKpi(sisId, period, !problem);

  return (
    <>
      <Title order={1} size="h2" mb={4}>
        {ALARM_KPI_LABELS.title}
      </Title>
      <Text c="gray.7" size="sm" mb="md">
        {sisId === 0
          ? 'Desempenho dos alarmes de todos os seus sistemas no período, comparado à orientação da ISA-18.2 / EEMUA 191.'
          : 'Desempenho dos alarmes do sistema no período, comparado à orientação da ISA-18.2 / EEMUA 191.'}
      </Text>
      <Stack gap="md">
        <Group align="flex-end" gap="sm" wrap="wrap">
          <Select
            label="Período"
            data={COMBO}
            value={choice}
            onChange={(value) => {
              if (value && (isPeriodPreset(value) || value === CUSTOM_PERIOD)) {
                setCustom(period);
                setChoice(value);
              }
            }}
            allowDeselect={false}
            w={190}
          />
          {choice === CUSTOM_PERIOD && (
            <PeriodRangeInputs
              value={custom}
              onChange={setCustom}
              problem={problem}
              problemId={problemId}
            />
          )}
        </Group>
        {problem ? (
          <Alert id={problemId} color="red" variant="light" role="alert">
            {problem}
          </Alert>
        ) : kpi.isError ? (
          <Alert color="red" variant="light" role="alert">
            {isHttpError(kpi.error) && kpi.error.status < 500
              ? kpi.error.message
              : 'Não foi possível carregar os indicadores de alarmes.'}
          </Alert>
        ) : !kpi.data ? (
          <DelayedLoader label="Carregando os indicadores" />
        ) : (
          <Stack gap="md" style={{ opacity: kpi.isPlaceholderData ? 0.6 : 1 }}>
            {kpi.data.total === 0 && kpi.data.obsoletos.total === 0 && (
              <Alert color="gray" variant="light">
                Nenhum alarme no período.
              </Alert>
            )}
            <KpiFigures kpi={kpi.data} />
            <Section title={ALARM_KPI_LABELS.timeline}>
              <FloodTimeline
                inicio={kpi.data.inicio}
                referencia={kpi.data.referencia}
                windows={kpi.data.linhaDoTempo}
              />
            </Section>
            {sisId === 0 && (
              <Section title="Por sistema">
                <SystemsTable
                  kpi={kpi.data}
                  hrefOf={(id) => links.hrefFor('main.cluster.indicadoresAlarmes', { sisId: id })}
                />
              </Section>
            )}
            <Section title={ALARM_KPI_LABELS.topTable}>
              <TopAlarmsTable kpi={kpi.data} />
            </Section>
            <Section title={ALARM_KPI_LABELS.chattering}>
              <ChatteringTable kpi={kpi.data} />
            </Section>
            <Section title={ALARM_KPI_LABELS.stale}>
              <StaleTable kpi={kpi.data} />
            </Section>
          </Stack>
        )}
      </Stack>
    </>
  );
}
