import { OCCURRENCE_PATHS } from '@vigia/contract';
import { useMemo } from 'react';
import { EmptyMessage } from '../../../ui/EmptyMessage';
import { OccurrenceList } from '../components/OccurrenceList';
import { OccurrencePageLayout } from '../components/OccurrencePageLayout';
import { anyEvent, ofDevice, ofSystem, useOccurrenceRouteIds } from '../routeParams';

const ACTIVE_DESCRIPTION =
  'Alarmes ativos e alarmes desativados ainda não reconhecidos, do mais recente ao mais antigo.';
const GENERAL = { kind: 'general' } as const;

/** /ocorrenciasSistemas — every system of the user (spec 000 §2 'Alarmes Ativos Gerais'). */
export function GeneralActiveOccurrencesPage() {
  const scope = useMemo(() => ({}), []);
  return (
    <OccurrencePageLayout title="Alarmes Ativos Gerais" description={ACTIVE_DESCRIPTION}>
      <OccurrenceList
        tableId="ocorrencias-ativas-gerais"
        label="Alarmes ativos de todos os sistemas"
        variant="active"
        path={OCCURRENCE_PATHS.generalActive}
        scope={scope}
        config={GENERAL}
        liveMatch={anyEvent}
      />
    </OccurrencePageLayout>
  );
}

/** /ocorrencias — one system's active alarms. */
export function SystemActiveOccurrencesPage() {
  const { sisId } = useOccurrenceRouteIds();
  const scope = useMemo(() => ({ sisid: sisId }), [sisId]);
  const match = useMemo(() => ofSystem(sisId), [sisId]);
  return (
    <OccurrencePageLayout title="Alarmes Ativos" description={ACTIVE_DESCRIPTION}>
      <OccurrenceList
        tableId="ocorrencias-ativas-sistema"
        label="Alarmes ativos do sistema"
        variant="active"
        path={OCCURRENCE_PATHS.systemActive}
        scope={scope}
        config={GENERAL}
        liveMatch={match}
      />
    </OccurrencePageLayout>
  );
}

/** usina/:usinaId/ocorrencias/ocorrencias/ativas */
export function PlantActiveOccurrencesPage() {
  const { sisId, usinaId } = useOccurrenceRouteIds();
  const scope = useMemo(() => ({ local_id: usinaId ?? undefined }), [usinaId]);
  const match = useMemo(() => ofSystem(sisId), [sisId]);
  if (usinaId === null) return <EmptyMessage item="usina" />;
  return (
    <OccurrencePageLayout title="Alarmes Ativos da Usina" description={ACTIVE_DESCRIPTION}>
      <OccurrenceList
        tableId="ocorrencias-ativas-usina"
        label="Alarmes ativos da usina"
        variant="active"
        path={OCCURRENCE_PATHS.active}
        scope={scope}
        config={GENERAL}
        liveMatch={match}
        place={{ usinaId }}
      />
    </OccurrencePageLayout>
  );
}

/** scd/:scdId/ocorrencias/ocorrencias/scd/ativas */
export function ScdActiveOccurrencesPage() {
  const { sisId, scdId } = useOccurrenceRouteIds();
  const scope = useMemo(() => ({ scdId: scdId ?? undefined }), [scdId]);
  const match = useMemo(() => ofSystem(sisId), [sisId]);
  if (scdId === null) return <EmptyMessage item="SCD" />;
  return (
    <OccurrencePageLayout title="Alarmes Ativos do SCD" description={ACTIVE_DESCRIPTION}>
      <OccurrenceList
        tableId="ocorrencias-ativas-scd"
        label="Alarmes ativos do SCD"
        variant="active"
        path={OCCURRENCE_PATHS.active}
        scope={scope}
        config={GENERAL}
        liveMatch={match}
        place={{ scdId }}
      />
    </OccurrencePageLayout>
  );
}

/** venue/:venueId/ocorrencias/ativas */
export function VenueActiveOccurrencesPage() {
  const { sisId, venueId } = useOccurrenceRouteIds();
  const scope = useMemo(() => ({ venueId: venueId ?? undefined }), [venueId]);
  const match = useMemo(() => ofSystem(sisId), [sisId]);
  if (venueId === null) return <EmptyMessage item="local" />;
  return (
    <OccurrencePageLayout title="Alarmes Ativos do Local" description={ACTIVE_DESCRIPTION}>
      <OccurrenceList
        tableId="ocorrencias-ativas-venue"
        label="Alarmes ativos do local"
        variant="active"
        path={OCCURRENCE_PATHS.active}
        scope={scope}
        config={GENERAL}
        liveMatch={match}
      />
    </OccurrencePageLayout>
  );
}

/** site/:scdId/:usinaId/:siteId/ocorrencias/ativas (main.site.occurrences.active) */
export function SiteActiveOccurrencesPage() {
  const { siteId, usinaId, scdId } = useOccurrenceRouteIds();
  const scope = useMemo(() => ({ disp_id: siteId ?? undefined }), [siteId]);
  const config = useMemo(() => ({ kind: 'siteActive', siteId: siteId ?? 0 }) as const, [siteId]);
  const match = useMemo(() => ofDevice(siteId ?? 0), [siteId]);
  if (siteId === null) return <EmptyMessage item="site" />;
  return (
    <OccurrencePageLayout title="Alarmes Ativos do Site" description={ACTIVE_DESCRIPTION}>
      <OccurrenceList
        tableId="ocorrencias-ativas-site"
        label="Alarmes ativos do site"
        variant="active"
        path={OCCURRENCE_PATHS.siteActive}
        scope={scope}
        config={config}
        liveMatch={match}
        place={{ usinaId: usinaId ?? undefined, scdId: scdId ?? undefined }}
      />
    </OccurrencePageLayout>
  );
}
