import { Alert } from '@mantine/core';
import { OCCURRENCE_PATHS, type OccurrenceRow } from '@vigia/contract';
import { alarmRowStyle, alarmState, PAGE_SIZE } from '@vigia/domain';
import { useMemo } from 'react';
import { DelayedLoader } from '../../../ui/DelayedLoader';
import { ListTable } from '../../../ui/table/ListTable';
import { useOccurrenceConfig } from '../api/get-occurrence-config';
import { useOccurrenceList } from '../api/get-occurrence-page';
import { type OccurrenceFilters, SORTABLE_COLUMN } from '../filters';
import { ofDevice } from '../routeParams';
import { occurrenceColumns } from './occurrenceColumns';

interface Props {
  /** The site (device) whose latest occurrences to show. */
  siteId: number;
}

const HISTORICAL = { kind: 'historical' } as const;
const PREVIEW_KEYS = new Set([
  'estado',
  'nomeAlarme',
  'valorFalha',
  'horaAtivacao',
  'horaDesativacao',
  'horaAck',
]);
/** Spec 001 §2 panels: offset 0, page size 10, other filters null (no text, order, period or flags). */
const NO_FILTERS: OccurrenceFilters = {
  filtroTexto: '',
  sort: { key: SORTABLE_COLUMN, direction: 'desc' },
  evento: false,
  alarme: false,
  period: null,
};
const ROW_HEIGHT = 32;

/**
 * The occurrence table of the overview panels: the site's 10 latest
 * occurrences, alarm colours, live updates. For embedding in a panel.
 */
export function OccurrencePreview({ siteId }: Props) {
  const config = useOccurrenceConfig(HISTORICAL);
  const scope = useMemo(() => ({ disp_id: siteId }), [siteId]);
  const match = useMemo(() => ofDevice(siteId), [siteId]);
  const list = useOccurrenceList({
    path: OCCURRENCE_PATHS.deviceSelect,
    scope,
    filters: NO_FILTERS,
    limit: PAGE_SIZE.occurrencePreview,
    debounceMs: 0,
    enabled: true,
    liveMatch: match,
  });
  const columns = useMemo(
    () =>
      occurrenceColumns(config.data?.colunas.filter((c) => PREVIEW_KEYS.has(c.key)) ?? []).map(
        (column) => ({ ...column, sortable: false }),
      ),
    [config.data],
  );

  if (config.isPending) return <DelayedLoader />;
  if (config.isError) {
    return (
      <Alert color="red" variant="light" role="alert">
        Não foi possível carregar as ocorrências.
      </Alert>
    );
  }
  return (
    <ListTable<OccurrenceRow>
      id={`ocorrencias-previa-${siteId}`}
      label="Últimas ocorrências"
      item="ocorrência"
      columns={columns}
      rows={list.rows.slice(0, PAGE_SIZE.occurrencePreview)}
      getRowId={(row) => row.id}
      loading={list.isPending}
      error={list.error ? 'Não foi possível carregar as ocorrências.' : null}
      rowColor={(row) => alarmRowStyle(alarmState(row)).color}
      rowHeight={ROW_HEIGHT}
      height={ROW_HEIGHT * (PAGE_SIZE.occurrencePreview + 1) + 4}
      columnChooser={false}
    />
  );
}
