import { Anchor } from '@mantine/core';
import type { AnalysisKind, TankRow } from '@vigia/contract';
import { SEVERITY_LABEL, SEVERITY_TONE, TANK_COLOR_TONE, TANK_LEGEND } from '@vigia/domain';
import { useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useRouteLinks } from '../../../lib/navigation';
import type { ListColumn } from '../../../ui/table/types';
import { useNowSec } from '../../../ui/useNowSec';
import { type AnalysisRowOf, getAnalysisPage } from '../api/get-analysis-page';
import {
  batteryColumns,
  loadSpeedColumns,
  powerColumns,
  tankColumns,
  tankRowTone,
} from '../columns/analysisColumns';
import type { ColumnContext } from '../columns/deviceColumns';
import { BandLegend } from '../components/BandLegend';
import { ListScreen } from '../components/ListScreen';
import { PageHeading } from '../components/PageHeading';
import { useListScope, useSystemName } from '../components/useListScope';
import { siteHref, tankChartHref } from '../deviceLinks';

interface Props<K extends AnalysisKind> {
  kind: K;
  title: string;
}

interface Counts {
  criticos: number;
  atencao: number;
}

const ITEMS: Record<AnalysisKind, string> = {
  baterias: 'dispositivo',
  potencias: 'gerador',
  loadspeeds: 'gerador',
  tanques: 'tanque',
};

/**
 * The analysis lists (battery, power, load speed) and the tank list of one
 * scope: all systems, one system, a plant, an SCD or a venue.
 */
export function AnalysisListPage<K extends AnalysisKind>({ kind, title }: Props<K>) {
  const scope = useListScope();
  const links = useRouteLinks();
  const navigate = useNavigate();
  const nowSec = useNowSec();
  const systemName = useSystemName(scope.sisid);
  const [counts, setCounts] = useState<Counts | null>(null);

  const columns = useMemo(
    () => columnsOf(kind, { nowSec }, (row) => <TankChartLink row={row} />),
    [kind, nowSec],
  ) as ListColumn<AnalysisRowOf<K>>[];

  const bands =
    kind === 'tanques'
      ? TANK_LEGEND.map((entry) => ({
          label: entry.label,
          tone: TANK_COLOR_TONE[entry.color],
          count: entry.color === 'red' ? counts?.criticos : counts?.atencao,
        }))
      : [
          { label: SEVERITY_LABEL.critical, tone: SEVERITY_TONE.critical, count: counts?.criticos },
          {
            label: SEVERITY_LABEL.attention,
            tone: SEVERITY_TONE.attention,
            count: counts?.atencao,
          },
        ];

  return (
    <>
      <PageHeading
        title={title}
        subtitle={systemName}
        aside={kind === 'baterias' ? undefined : <BandLegend bands={bands} />}
      />
      <ListScreen<AnalysisRowOf<K>>
        id={`analise-${kind}`}
        label={title}
        item={ITEMS[kind]}
        queryKey={['devices', 'analysis', kind, scope]}
        fetchPage={async (query) => {
          const page = await getAnalysisPage(kind, {
            scope,
            ...query,
          });
          if (query.offSet === 0) setCounts({ criticos: page.criticos, atencao: page.atencao });
          return page.itens;
        }}
        columns={columns}
        liveSisId={scope.sisid}
        rowTone={kind === 'tanques' ? (row) => tankRowTone(row as TankRow, nowSec) : undefined}
        onOpen={(row) => {
          const href = siteHref(links, row);
          if (href) navigate(href);
        }}
      />
    </>
  );
}

function columnsOf(
  kind: AnalysisKind,
  ctx: ColumnContext,
  chartLink: (row: TankRow) => React.ReactNode,
) {
  switch (kind) {
    case 'baterias':
      return batteryColumns(ctx);
    case 'potencias':
      return powerColumns(ctx);
    case 'loadspeeds':
      return loadSpeedColumns(ctx);
    case 'tanques':
      return tankColumns(ctx, chartLink);
  }
}

/** The tank chart link (spec 001 §2), or a dash while that screen is not available. */
function TankChartLink({ row }: { row: TankRow }) {
  const links = useRouteLinks();
  const href = tankChartHref(links, row);
  if (!href) return '---';
  return (
    <Anchor component={Link} to={href} size="sm" aria-label={`Gráfico do tanque ${row.nome}`}>
      Gráfico
    </Anchor>
  );
}
