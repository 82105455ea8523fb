import { Alert } from '@mantine/core';
import type { OccurrenceRow } from '@vigia/contract';
import { API } from '@vigia/contract/api';
import { alarmRowStyle, alarmState, PAGE_SIZE } from '@vigia/domain';
import { useMemo } from 'react';
import { DelayedLoader } from '../../../ui/DelayedLoader';
import { ListTable } from '../../../ui/table/ListTable';
import { useOccurrenceConfig } from '../api/get-occurrence-config';
import { useOccurrenceList } from '../api/get-occurrence-page';
import { type OccurrenceFilters, SORTABLE_COLUMN } from '../filters';
import { ofDevice, ofSystem } from '../routeParams';
import { occurrenceColumns } from './occurrenceColumns';

/** Whose latest occurrences a panel shows: a site (device), or a plant or SCD and all its devices. */
export type PreviewOwner =
  | { kind: 'dispositivo'; id: number }
  | { kind: 'usina' | 'scd'; id: number; sisId: number };

type Props = { siteId: number } | { owner: PreviewOwner };

function ownerOf(props: Props): PreviewOwner {
  return 'owner' in props ? props.owner : { kind: 'dispositivo', id: props.siteId };
}

/** The call, scope and live filter of each owner (`local_id` is the plant, server README). */
function listOf(owner: PreviewOwner) {
  switch (owner.kind) {
    case 'dispositivo':
      return {
        route: API.occurrences.deviceSelect,
        scope: { disp_id: owner.id },
        liveScope: ofDevice(owner.id),
      };
    case 'usina':
      return {
        route: API.occurrences.list,
        scope: { local_id: owner.id },
        liveScope: ofSystem(owner.sisId),
      };
    case 'scd':
      return {
        route: API.occurrences.list,
        scope: { scdId: owner.id },
        liveScope: ofSystem(owner.sisId),
      };
  }
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
 * The occurrence table of the overview panels: the 10 latest occurrences of
 * the site (or of the plant's or SCD's devices), alarm colours, live updates.
 * For embedding in a panel.
 */
export function OccurrencePreview(props: Props) {
  const owner = ownerOf(props);
  const { kind, id } = owner;
  const sisId = owner.kind === 'dispositivo' ? 0 : owner.sisId;
  const config = useOccurrenceConfig(HISTORICAL);
  const { route, scope, liveScope } = useMemo(
    () => listOf(kind === 'dispositivo' ? { kind, id } : { kind, id, sisId }),
    [kind, id, sisId],
  );
  const list = useOccurrenceList({
    route,
    scope,
    filters: NO_FILTERS,
    limit: PAGE_SIZE.occurrencePreview,
    debounceMs: 0,
    enabled: true,
    liveScope,
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
      id={`ocorrencias-previa-${kind}-${id}`}
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
