import '@mantine/core/styles/SegmentedControl.css';
import { Group, SegmentedControl, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ResumeSiteRow, TipoSite } from '@vigia/contract';
import { MAX_PAGE_SIZE, PAGE_SIZE } from '@vigia/domain';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useRouteLinks } from '../../../lib/navigation';
import { readStored, writeStored } from '../../../lib/storage';
import { useUserInfo } from '../../../lib/user/get-user-info';
import { DelayedLoader } from '../../../ui/DelayedLoader';
import { ListSearchInput } from '../../../ui/table/ListSearchInput';
import { ListTable } from '../../../ui/table/ListTable';
import type { SortState } from '../../../ui/table/types';
import { useDebouncedValue } from '../../../ui/table/useDebouncedValue';
import { useInfiniteList } from '../../../ui/table/useInfiniteList';
import { useSiteTableConfig } from '../api/get-site-table-config';
import { getSiteTablePage } from '../api/get-site-table-page';
import { PinLegend } from '../components/PinLegend';
import { siteRowHref } from '../components/placeLinks';
import { sitePins } from '../components/sitePins';
import { siteTableColumns } from '../components/siteTableColumns';

// Leaflet loads only when the map view is chosen.
const DeviceMap = lazy(() =>
  import('../components/DeviceMap').then((m) => ({ default: m.DeviceMap })),
);

type View = 'tabela' | 'mapa';

interface Props {
  tipoSite: TipoSite;
  title: string;
  item: string;
}

/**
 * The site tables of spec 001 §2 (devices, plants, SCDs; venues share the
 * call): columns from `ConfigurationResumeSite`, rows from `DataResumeSite`
 * with text filter and sorting; a row opens its site, plant, SCD or venue.
 * A map view shows the same rows as pins.
 */
export function SiteTablePage({ tipoSite, title, item }: Props) {
  const sisId = Number(useParams().sisId);
  const links = useRouteLinks();
  const navigate = useNavigate();
  const user = useUserInfo();
  const sistema = user.data?.sistemas.find((s) => s.id === sisId);
  const config = useSiteTableConfig(tipoSite, sisId);
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<SortState | null>(null);
  const viewKey = `lista.sites-${tipoSite}.visao`;
  const [view, setView] = useState<View>(() =>
    readStored(viewKey) === 'mapa' ? 'mapa' : 'tabela',
  );
  const nowSec = Math.floor(Date.now() / 60_000) * 60;
  const columns = useMemo(
    () => siteTableColumns(config.data?.colunas ?? [], nowSec),
    [config.data, nowSec],
  );
  const filters = {
    filtroTexto: search.trim(),
    orderBy: sort ? `${sort.key} ${sort.direction}` : '',
  };
  const list = useInfiniteList<ResumeSiteRow, typeof filters>({
    queryKey: ['maps', 'siteTable', tipoSite, sisId],
    filters,
    fetchPage: ({ offSet, limit, filters: f, signal }) =>
      getSiteTablePage({ tipoSite, sisId, offSet, limit, ...f, signal }),
    limit: PAGE_SIZE.lists,
    getRowId: (row) => `${row.destino}:${row.id}`,
    enabled: view === 'tabela',
    live: {
      types: ['occurrence.opened', 'occurrence.cleared'],
      sisId,
      throttleMs: 5000,
    },
  });
  const settled = useDebouncedValue(filters.filtroTexto, 400);
  const located = useQuery({
    queryKey: ['maps', 'siteTableAll', tipoSite, sisId, settled.value],
    queryFn: ({ signal }) =>
      getSiteTablePage({
        tipoSite,
        sisId,
        offSet: 0,
        limit: MAX_PAGE_SIZE,
        filtroTexto: settled.value,
        signal,
      }),
    enabled: view === 'mapa',
  });
  const pins = useMemo(() => sitePins(located.data ?? []), [located.data]);

  const open = (row: ResumeSiteRow) => {
    const href = siteRowHref(links, row);
    if (href) navigate(href);
  };
  const chooseView = (value: string) => {
    const next: View = value === 'mapa' ? 'mapa' : 'tabela';
    setView(next);
    writeStored(viewKey, next);
  };

  const toolbar = (
    <Group gap="sm" wrap="wrap">
      <ListSearchInput value={search} onChange={setSearch} />
      <SegmentedControl
        aria-label="Visualização"
        value={view}
        onChange={chooseView}
        data={[
          { value: 'tabela', label: 'Tabela' },
          { value: 'mapa', label: 'Mapa' },
        ]}
      />
    </Group>
  );

  return (
    <>
      <Title order={1} size="h2">
        {title}
      </Title>
      <Text size="sm" c="gray.7" mb="md">
        {sistema?.nome ?? '\u00a0'}
      </Text>
      {view === 'tabela' ? (
        <ListTable<ResumeSiteRow>
          id={`sites-${tipoSite}`}
          label={title}
          columns={columns}
          rows={list.rows}
          getRowId={(row) => `${row.destino}:${row.id}`}
          item={item}
          loading={list.isPending || config.isPending}
          loadingMore={list.isFetchingNextPage}
          error={list.error || config.error ? 'Não foi possível carregar a lista.' : null}
          sort={sort}
          onSortChange={setSort}
          onRowOpen={open}
          openOnClick
          onScrollPosition={list.onScrollPosition}
          resetScrollKey={list.filtersKey}
          toolbar={toolbar}
        />
      ) : (
        <>
          <Group justify="space-between" mb="sm" gap="sm">
            {toolbar}
            <PinLegend />
          </Group>
          <Suspense fallback={<DelayedLoader />}>
            <DeviceMap
              devices={pins}
              label={`Mapa: ${title}`}
              nowSec={nowSec}
              limites={boundsOf(pins)}
              height="calc(100dvh - 260px)"
              onOpenDevice={(pin) => {
                const row = located.data?.find((r) => r.id === pin.id);
                if (row) open(row);
              }}
            />
          </Suspense>
        </>
      )}
    </>
  );
}

function boundsOf(pins: readonly { lat: number; longi: number }[]) {
  if (pins.length === 0) return null;
  const lats = pins.map((p) => p.lat);
  const lons = pins.map((p) => p.longi);
  return {
    sul: Math.min(...lats),
    norte: Math.max(...lats),
    oeste: Math.min(...lons),
    leste: Math.max(...lons),
  };
}
