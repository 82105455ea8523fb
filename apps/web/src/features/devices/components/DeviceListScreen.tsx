import type { DeviceRow } from '@vigia/contract';
import { type ReactNode, useMemo } from 'react';
import { useNavigate } from 'react-router';
import { useRouteLinks } from '../../../lib/navigation';
import { useNowSec } from '../../../ui/useNowSec';
import type { DeviceSelection } from '../api/get-device-page';
import { getDevicePage } from '../api/get-device-page';
import type { ColumnContext, DeviceColumn } from '../columns/deviceColumns';
import { siteHref } from '../deviceLinks';
import type { CardReading } from '../lists';
import { DeviceCardGrid } from './DeviceCardGrid';
import { ListScreen, type PageQuery } from './ListScreen';

interface Props {
  id: string;
  label: string;
  item: string;
  selection: DeviceSelection;
  nomes: readonly string[];
  columns: (ctx: ColumnContext) => DeviceColumn[];
  readingsOf: (row: DeviceRow) => readonly CardReading[];
  /** Live alarm events of this system reload the list (0: any). */
  liveSisId: number;
  defaultView?: 'tabela' | 'cards';
  /** Pages from another call (the energy-center devices); default the device list. */
  fetchPage?: (query: PageQuery) => Promise<{ itens: DeviceRow[] }>;
  extra?: ReactNode;
  height?: string;
}

/** A device list (table or tiles); a row or tile opens the device's site page. */
export function DeviceListScreen({
  id,
  label,
  item,
  selection,
  nomes,
  columns,
  readingsOf,
  liveSisId,
  defaultView,
  fetchPage,
  extra,
  height,
}: Props) {
  const links = useRouteLinks();
  const navigate = useNavigate();
  const nowSec = useNowSec();
  const tableColumns = useMemo(() => columns({ nowSec }), [columns, nowSec]);
  const load =
    fetchPage ??
    ((query: PageQuery) =>
      getDevicePage({
        selection,
        nomes,
        offSet: query.offSet,
        limit: query.limit,
        filtroTexto: query.filtroTexto,
        orderBy: query.orderBy,
        signal: query.signal,
      }));
  const hrefOf = (row: DeviceRow) => siteHref(links, row);

  return (
    <ListScreen<DeviceRow>
      id={id}
      label={label}
      item={item}
      queryKey={['devices', 'list', id, selection, nomes]}
      fetchPage={async (query) => (await load(query)).itens}
      columns={tableColumns}
      liveSisId={liveSisId}
      onOpen={(row) => {
        const href = hrefOf(row);
        if (href) navigate(href);
      }}
      defaultView={defaultView}
      extra={extra}
      height={height}
      renderCards={(props) => (
        <DeviceCardGrid
          {...props}
          nowSec={nowSec}
          readingsOf={readingsOf}
          hrefOf={hrefOf}
          item={item}
        />
      )}
    />
  );
}
