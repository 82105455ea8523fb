import '@mantine/core/styles/Switch.css';
import { Alert, Button, Stack, Switch, Text, TextInput } from '@mantine/core';
import { IconRefresh, IconSearch } from '@tabler/icons-react';
import { OCCURRENCE_ACCESS, type OccurrenceListRoute, type OccurrenceRow } from '@vigia/contract';
import {
  alarmRowStyle,
  alarmState,
  FILTER_DEBOUNCE_MS,
  formatText,
  HISTORY_FILTER_DEBOUNCE_MS,
  hasAccess,
  hasCommandRight,
  occurrenceFlags,
} from '@vigia/domain';
import { useCallback, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import type { LiveScope } from '../../../lib/live/liveInterest';
import { useRouteLinks } from '../../../lib/navigation';
import { useUserInfo } from '../../../lib/user/get-user-info';
import { DelayedLoader } from '../../../ui/DelayedLoader';
import { ListTable } from '../../../ui/table/ListTable';
import { RowLink } from '../../../ui/table/RowControls';
import type { SortState } from '../../../ui/table/types';
import { type OccurrenceConfigKind, useOccurrenceConfig } from '../api/get-occurrence-config';
import { type OccurrenceScope, useOccurrenceList } from '../api/get-occurrence-page';
import { activeFilters, historyFilters, type OccurrenceFilters, periodProblem } from '../filters';
import { AcknowledgeButton } from './AcknowledgeButton';
import { HistoryFilter } from './HistoryFilter';
import { NotificationPermissionButton } from './NotificationPermissionButton';
import { useOccurrenceDetail } from './OccurrenceDetail';
import { occurrenceColumns } from './occurrenceColumns';
import { ShelveButton } from './ShelveButton';
import {
  STACKED_OCCURRENCE_HEIGHT,
  StackedOccurrence,
  stackedOccurrenceText,
} from './StackedOccurrence';
import { useCriticalAlarmNotifications } from './useCriticalAlarmNotifications';
import { useOccurrenceSelection } from './useOccurrenceSelection';

export interface OccurrenceListProps {
  /** Table id (stored column choice). */
  tableId: string;
  /** Accessible name of the table. */
  label: string;
  /** 'active': the alarm summary with the events toggle; 'history': the history filter. */
  variant: 'active' | 'history';
  /** Which list of the route table (`API.occurrences`). */
  route: OccurrenceListRoute;
  scope: OccurrenceScope;
  config: OccurrenceConfigKind;
  /** Live events that concern this list. */
  liveScope: LiveScope;
  /** The plant or SCD the screen is in, for links to a device's site page. */
  place?: { usinaId?: number; scdId?: number };
}

const LOAD_ERROR = 'Não foi possível carregar as ocorrências.';

/**
 * One occurrence list of spec 001 §2 with its configuration (columns, page
 * size, access flag), alarm row colours, acknowledgement, events toggle or
 * history filter, live updates and critical-alarm notifications.
 */
export function OccurrenceList(props: OccurrenceListProps) {
  const config = useOccurrenceConfig(props.config);
  if (config.isPending) return <DelayedLoader />;
  if (config.isError) {
    return (
      <Alert color="red" variant="light" role="alert">
        Não foi possível carregar a configuração da lista de ocorrências.
      </Alert>
    );
  }
  return <LoadedOccurrenceList {...props} configuration={config.data} />;
}

function LoadedOccurrenceList({
  tableId,
  label,
  variant,
  route,
  scope,
  liveScope,
  place,
  configuration,
}: OccurrenceListProps & {
  configuration: NonNullable<ReturnType<typeof useOccurrenceConfig>['data']>;
}) {
  const links = useRouteLinks();
  const navigate = useNavigate();
  const history = variant === 'history';
  const [filters, setFilters] = useState<OccurrenceFilters>(() =>
    history ? historyFilters(new Date()) : activeFilters(),
  );
  const problem = periodProblem(filters.period, new Date());

  const list = useOccurrenceList({
    route,
    scope,
    filters,
    limit: configuration.limit,
    debounceMs: history ? HISTORY_FILTER_DEBOUNCE_MS : FILTER_DEBOUNCE_MS,
    enabled: problem === null,
    liveScope,
  });
  const user = useUserInfo();
  // ISA-18.2 shelving: from the active lists, with the command right (direitos 1).
  const canShelve = !history && !!user.data && hasCommandRight(user.data.direitos_id);
  const selection = useOccurrenceSelection(list.rows, canShelve);
  useCriticalAlarmNotifications(list.rows, liveScope);

  const canAcknowledge = hasAccess(configuration.acesso, OCCURRENCE_ACCESS.reconhecer);
  const canToggleEvents = !history && hasAccess(configuration.acesso, OCCURRENCE_ACCESS.eventos);

  const scdId = place?.scdId ?? 0;
  const usinaId = place?.usinaId ?? 0;
  const siteHref = useCallback(
    (row: OccurrenceRow) =>
      links.hrefFor('main.site', { sisId: row.idSistema, scdId, usinaId, siteId: row.idSite }),
    [links, scdId, usinaId],
  );

  const detail = useOccurrenceDetail();
  const columns = useMemo(
    () => [
      detail.column,
      ...occurrenceColumns(configuration.colunas, {
        patrimonio: (row) => {
          const href = siteHref(row);
          const text = formatText(row.patrimonio);
          return href ? <RowLink to={href}>{text}</RowLink> : text;
        },
      }),
    ],
    [configuration.colunas, siteHref, detail.column],
  );
  const stacked = useMemo(
    () => ({
      header: 'Alarme',
      render: (row: OccurrenceRow) => (
        <StackedOccurrence row={row} siteHref={siteHref(row)} action={detail.column.cell(row)} />
      ),
      title: stackedOccurrenceText,
      rowHeight: STACKED_OCCURRENCE_HEIGHT,
    }),
    [siteHref, detail.column],
  );

  return (
    <Stack gap="sm">
      <ListTable<OccurrenceRow>
        id={tableId}
        label={label}
        item={history ? 'registro' : 'alarme'}
        columns={columns}
        rows={problem ? [] : list.rows}
        getRowId={(row) => row.id}
        loading={list.isPending}
        loadingMore={list.isFetchingNextPage}
        error={list.error ? LOAD_ERROR : null}
        sort={filters.sort}
        onSortChange={(sort: SortState) => setFilters({ ...filters, sort })}
        selection={canAcknowledge || canShelve ? selection : undefined}
        rowColor={(row) => alarmRowStyle(alarmState(row)).color}
        onRowOpen={(row) => {
          const href = siteHref(row);
          if (href) navigate(href);
        }}
        onScrollPosition={list.onScrollPosition}
        resetScrollKey={list.filtersKey}
        stacked={stacked}
        toolbarNote={
          problem && (
            <Text id={`${tableId}-periodo-erro`} size="sm" c="red.8" role="alert">
              {problem}
            </Text>
          )
        }
        toolbar={
          <>
            {history && (
              <HistoryFilter
                filters={filters}
                onChange={setFilters}
                problem={problem}
                problemId={`${tableId}-periodo-erro`}
              />
            )}
            <TextInput
              label="Filtrar"
              placeholder="Alarme, equipamento, site ou UF"
              leftSection={<IconSearch size={16} aria-hidden />}
              type="search"
              value={filters.filtroTexto}
              onChange={(event) =>
                setFilters({ ...filters, filtroTexto: event.currentTarget.value })
              }
              w={280}
            />
            {canToggleEvents && (
              <Switch
                label="Mostrar eventos"
                checked={filters.evento}
                onChange={(event) =>
                  setFilters({ ...filters, ...occurrenceFlags(event.currentTarget.checked) })
                }
                mb={8}
              />
            )}
            {canAcknowledge && <AcknowledgeButton selection={selection} />}
            {canShelve && <ShelveButton rows={selection.rows} onDone={selection.clear} />}
            {list.hasUpdates && (
              <Button
                variant="light"
                color="blue"
                leftSection={<IconRefresh size={16} aria-hidden />}
                onClick={() => void list.refresh()}
              >
                Há atualizações — recarregar
              </Button>
            )}
            <NotificationPermissionButton />
          </>
        }
      />
      {detail.dialog}
    </Stack>
  );
}
