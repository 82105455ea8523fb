import '@mantine/core/styles/Tabs.css';
import { Tabs } from '@mantine/core';
import { API } from '@vigia/contract/api';
import { SHELVING_MESSAGES } from '@vigia/domain';
import { useMemo } from 'react';
import { EmptyMessage } from '../../../ui/EmptyMessage';
import { OccurrenceList, type OccurrenceListProps } from '../components/OccurrenceList';
import { OccurrencePageLayout } from '../components/OccurrencePageLayout';
import { ShelvedList } from '../components/ShelvedList';
import { ANY_SCOPE, ofDevice, ofSystem, useOccurrenceRouteIds } from '../routeParams';

const ACTIVE_DESCRIPTION =
  'Alarmes ativos e alarmes desativados ainda não reconhecidos, do mais recente ao mais antigo.';
const GENERAL = { kind: 'general' } as const;

type RouteIds = ReturnType<typeof useOccurrenceRouteIds>;
type ListOfScope = Pick<OccurrenceListProps, 'scope' | 'config' | 'liveScope' | 'place'>;

/** One scope's active-alarms page: everything but the route's ids is fixed. */
interface ActivePage {
  title: string;
  tableId: string;
  label: string;
  route: OccurrenceListProps['route'];
  /** What the empty message calls the scope when the route lacks its id. */
  item?: string;
  /** The list's scope from the route's ids; null when the id the scope needs is missing. */
  listOf: (ids: RouteIds) => ListOfScope | null;
}

const when = <T,>(id: number | null, list: (id: number) => T): T | null =>
  id === null ? null : list(id);

/** The active-alarm lists of spec 001 §2 (general, system, plant, SCD, venue, site). */
export const ACTIVE_PAGES: Record<
  'general' | 'system' | 'plant' | 'scd' | 'venue' | 'site',
  ActivePage
> = {
  /** /ocorrenciasSistemas — every system of the user (spec 000 §2 'Alarmes Ativos Gerais'). */
  general: {
    title: 'Alarmes Ativos Gerais',
    tableId: 'ocorrencias-ativas-gerais',
    label: 'Alarmes ativos de todos os sistemas',
    route: API.occurrences.generalActive,
    listOf: () => ({ scope: {}, config: GENERAL, liveScope: ANY_SCOPE }),
  },
  /** /ocorrencias — one system's active alarms. */
  system: {
    title: 'Alarmes Ativos',
    tableId: 'ocorrencias-ativas-sistema',
    label: 'Alarmes ativos do sistema',
    route: API.occurrences.systemActive,
    listOf: ({ sisId }) => ({
      scope: { sisid: sisId },
      config: GENERAL,
      liveScope: ofSystem(sisId),
    }),
  },
  /** usina/:usinaId/ocorrencias/ocorrencias/ativas */
  plant: {
    title: 'Alarmes Ativos da Usina',
    tableId: 'ocorrencias-ativas-usina',
    label: 'Alarmes ativos da usina',
    route: API.occurrences.active,
    item: 'usina',
    listOf: ({ sisId, usinaId }) =>
      when(usinaId, (id) => ({
        scope: { local_id: id },
        config: GENERAL,
        liveScope: ofSystem(sisId),
        place: { usinaId: id },
      })),
  },
  /** scd/:scdId/ocorrencias/ocorrencias/scd/ativas */
  scd: {
    title: 'Alarmes Ativos do SCD',
    tableId: 'ocorrencias-ativas-scd',
    label: 'Alarmes ativos do SCD',
    route: API.occurrences.active,
    item: 'SCD',
    listOf: ({ sisId, scdId }) =>
      when(scdId, (id) => ({
        scope: { scdId: id },
        config: GENERAL,
        liveScope: ofSystem(sisId),
        place: { scdId: id },
      })),
  },
  /** venue/:venueId/ocorrencias/ativas */
  venue: {
    title: 'Alarmes Ativos do Local',
    tableId: 'ocorrencias-ativas-venue',
    label: 'Alarmes ativos do local',
    route: API.occurrences.active,
    item: 'local',
    listOf: ({ sisId, venueId }) =>
      when(venueId, (id) => ({
        scope: { venueId: id },
        config: GENERAL,
        liveScope: ofSystem(sisId),
      })),
  },
  /** site/:scdId/:usinaId/:siteId/ocorrencias/ativas (main.site.occurrences.active) */
  site: {
    title: 'Alarmes Ativos do Site',
    tableId: 'ocorrencias-ativas-site',
    label: 'Alarmes ativos do site',
    route: API.occurrences.siteActive,
    item: 'site',
    listOf: ({ siteId, usinaId, scdId }) =>
      when(siteId, (id) => ({
        scope: { disp_id: id },
        config: { kind: 'siteActive', siteId: id },
        liveScope: ofDevice(id),
        place: { usinaId: usinaId ?? undefined, scdId: scdId ?? undefined },
      })),
  },
};

/** One scope's active alarms: the page of `ACTIVE_PAGES[…]` with the route's ids. */
export function ActiveOccurrencesPage({ page }: { page: ActivePage }) {
  const { sisId, usinaId, scdId, venueId, siteId } = useOccurrenceRouteIds();
  // Stable scope and matcher while the ids stay (the list's query key and live filter).
  const list = useMemo(
    () => page.listOf({ sisId, usinaId, scdId, venueId, siteId }),
    [page, sisId, usinaId, scdId, venueId, siteId],
  );
  if (!list) return <EmptyMessage item={page.item ?? 'local'} />;
  return (
    <OccurrencePageLayout title={page.title} description={ACTIVE_DESCRIPTION}>
      <Tabs defaultValue="ativos" keepMounted={false}>
        <Tabs.List mb="sm">
          <Tabs.Tab value="ativos">Ativos</Tabs.Tab>
          <Tabs.Tab value="suprimidos">{SHELVING_MESSAGES.shelved}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="ativos">
          <OccurrenceList
            tableId={page.tableId}
            label={page.label}
            variant="active"
            route={page.route}
            {...list}
          />
        </Tabs.Panel>
        <Tabs.Panel value="suprimidos">
          <ShelvedList
            tableId={`${page.tableId}-suprimidos`}
            scope={list.scope}
            liveScope={list.liveScope}
          />
        </Tabs.Panel>
      </Tabs>
    </OccurrencePageLayout>
  );
}

export const GeneralActiveOccurrencesPage = () => (
  <ActiveOccurrencesPage page={ACTIVE_PAGES.general} />
);
export const SystemActiveOccurrencesPage = () => (
  <ActiveOccurrencesPage page={ACTIVE_PAGES.system} />
);
export const PlantActiveOccurrencesPage = () => <ActiveOccurrencesPage page={ACTIVE_PAGES.plant} />;
export const ScdActiveOccurrencesPage = () => <ActiveOccurrencesPage page={ACTIVE_PAGES.scd} />;
export const VenueActiveOccurrencesPage = () => <ActiveOccurrencesPage page={ACTIVE_PAGES.venue} />;
export const SiteActiveOccurrencesPage = () => <ActiveOccurrencesPage page={ACTIVE_PAGES.site} />;
