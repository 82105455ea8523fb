import { ActionIcon, Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import type { HealthPlanRow } from '@vigia/contract';
import {
  alarmRowStyle,
  alarmState,
  formatDateTime,
  formatText,
  HEALTH_PLAN_INITIAL,
  type HealthPlanView,
  HISTORY_FILTER_DEBOUNCE_MS,
  PAGE_SIZE,
  periodPreset,
  REFRESH_MS,
  toggleHealthPlanList,
} from '@vigia/domain';
import { useEffect, useMemo, useState } from 'react';
import { isHttpError } from '../../../lib/httpErrors';
import { ListTable } from '../../../ui/table/ListTable';
import type { ListColumn } from '../../../ui/table/types';
import { useHealthPlanList } from '../api/get-health-plan-list';
import { type PeriodFilter, periodProblem } from '../filters';
import { PeriodFields } from './PeriodFields';
import { ReasonEditor } from './ReasonEditor';

interface Props {
  sisId: number;
}

const LIST_LABEL = {
  initial: 'Alarmes do período',
  withoutReason: 'Alarmes sem motivo',
  all: 'Todas as ocorrências do período',
} as const;

function columns(onEdit: (row: HealthPlanRow) => void): ListColumn<HealthPlanRow>[] {
  return [
    {
      key: 'estado',
      header: 'Estado',
      width: 290,
      required: true,
      cell: (row) => alarmRowStyle(alarmState(row)).label,
    },
    { key: 'nomeAlarme', header: 'Alarme', width: 240, required: true, cell: (r) => r.nomeAlarme },
    {
      key: 'motivo',
      header: 'Motivo',
      width: 280,
      required: true,
      title: (row) => row.motivo ?? undefined,
      cell: (row) => (
        <Group gap={4} wrap="nowrap">
          <ActionIcon
            variant="subtle"
            color="gray"
            size="sm"
            aria-label={`Editar motivo de ${row.nomeAlarme}`}
            onClick={() => onEdit(row)}
          >
            <IconPencil size={14} aria-hidden />
          </ActionIcon>
          {/* The row is painted in its alarm state's colour (#FFA8A8 for an active one),
              on which only the dark text has the contrast: a missing reason is in italics. */}
          <Text size="sm" truncate fs={row.motivo ? undefined : 'italic'}>
            {row.motivo || 'Sem motivo'}
          </Text>
        </Group>
      ),
    },
    {
      key: 'critico',
      header: 'Criticidade',
      kind: 'number',
      width: 116,
      cell: (r) => String(r.critico),
    },
    {
      key: 'patrimonio',
      header: 'Equipamento',
      category: 'equipment',
      width: 150,
      cell: (r) => formatText(r.patrimonio),
    },
    {
      key: 'localNome',
      header: 'Site',
      category: 'site',
      width: 220,
      cell: (r) => formatText(r.localNome),
    },
    { key: 'uf', header: 'UF', category: 'uf', width: 64, cell: (r) => formatText(r.uf) },
    {
      key: 'horaAtivacao',
      header: 'Data Ativação',
      kind: 'date',
      cell: (r) => formatDateTime(r.horaAtivacao),
    },
    {
      key: 'horaDesativacao',
      header: 'Data Desativação',
      kind: 'date',
      cell: (r) => formatDateTime(r.horaDesativacao),
    },
    { key: 'tipo', header: 'Tipo', width: 88, cell: (r) => (r.isEvt ? 'Evento' : 'Alarme') },
  ];
}

/**
 * Health-plan occurrence review (spec 001 §4): the period's alarms, the ones
 * without a reason, or all occurrences, moved between by two toggles that the
 * 60 s refresh resets; each row's reason is edited in place.
 */
export function HealthPlanReview({ sisId }: Props) {
  const [view, setView] = useState<HealthPlanView>(HEALTH_PLAN_INITIAL);
  const [period, setPeriod] = useState<PeriodFilter>(() => ({
    choice: 'hoje',
    custom: periodPreset('hoje', new Date()),
  }));
  const [editing, setEditing] = useState<HealthPlanRow | null>(null);
  const problem = periodProblem(period, new Date());

  const filters = useMemo(() => ({ list: view.list, period }), [view.list, period]);
  const list = useHealthPlanList(sisId, filters, {
    limit: PAGE_SIZE.occurrences,
    debounceMs: HISTORY_FILTER_DEBOUNCE_MS,
    enabled: problem === null,
  });

  // Spec 001 §4: the 60 s refresh puts the toggles back.
  useEffect(() => {
    const timer = setInterval(() => setView(HEALTH_PLAN_INITIAL), REFRESH_MS);
    return () => clearInterval(timer);
  }, []);

  const tableColumns = useMemo(() => columns(setEditing), []);

  if (isHttpError(list.error, 404)) {
    return (
      <Alert color="gray" variant="light">
        Este sistema não tem a revisão de ocorrências do plano de saúde.
      </Alert>
    );
  }

  return (
    <Stack gap="sm">
      <ListTable<HealthPlanRow>
        id="plano-saude"
        label={LIST_LABEL[view.list]}
        item="registro"
        columns={tableColumns}
        rows={problem ? [] : list.rows}
        getRowId={(row) => row.id}
        loading={list.isPending}
        loadingMore={list.isFetchingNextPage}
        error={list.error ? 'Não foi possível carregar as ocorrências.' : null}
        rowColor={(row) => alarmRowStyle(alarmState(row)).color}
        onRowOpen={setEditing}
        onScrollPosition={list.onScrollPosition}
        resetScrollKey={list.filtersKey}
        toolbar={
          <>
            <PeriodFields
              value={period}
              onChange={setPeriod}
              problem={problem}
              problemId="plano-periodo-erro"
            />
            <Button
              variant={view.withoutReason ? 'filled' : 'default'}
              aria-pressed={Boolean(view.withoutReason)}
              onClick={() => setView((v) => toggleHealthPlanList(v, 'withoutReason'))}
            >
              Sem motivo
            </Button>
            <Button
              variant={view.all ? 'filled' : 'default'}
              aria-pressed={Boolean(view.all)}
              onClick={() => setView((v) => toggleHealthPlanList(v, 'all'))}
            >
              Todas
            </Button>
          </>
        }
        toolbarNote={
          <>
            {problem && (
              <Text id="plano-periodo-erro" size="sm" c="red.8" role="alert">
                {problem}
              </Text>
            )}
            <Text size="sm" fw={600} aria-live="polite">
              {LIST_LABEL[view.list]}
            </Text>
          </>
        }
      />
      <ReasonEditor row={editing} onClose={() => setEditing(null)} />
    </Stack>
  );
}
