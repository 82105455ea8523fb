import { API } from '@vigia/contract/api';
import { useMemo } from 'react';
import { EmptyMessage } from '../../../ui/EmptyMessage';
import { OccurrenceList } from '../components/OccurrenceList';
import { OccurrencePageLayout } from '../components/OccurrencePageLayout';
import { ofDevice, ofSystem, useOccurrenceRouteIds } from '../routeParams';

const HISTORY_DESCRIPTION =
  'Alarmes e eventos do período, em todos os estados. O período pode ter no máximo 31 dias.';
const HISTORICAL = { kind: 'historical' } as const;

/** site/…/ocorrencias/historico (main.site.occurrences.history) */
export function SiteOccurrenceHistoryPage() {
  const { siteId, usinaId, scdId } = useOccurrenceRouteIds();
  const scope = useMemo(() => ({ disp_id: siteId ?? undefined }), [siteId]);
  const match = useMemo(() => ofDevice(siteId ?? 0), [siteId]);
  if (siteId === null) return <EmptyMessage item="site" />;
  return (
    <OccurrencePageLayout
      title="Histórico de Ocorrências do Site"
      description={HISTORY_DESCRIPTION}
    >
      <OccurrenceList
        tableId="ocorrencias-historico-site"
        label="Histórico de ocorrências do site"
        variant="history"
        route={API.occurrences.list}
        scope={scope}
        config={HISTORICAL}
        liveScope={match}
        place={{ usinaId: usinaId ?? undefined, scdId: scdId ?? undefined }}
      />
    </OccurrencePageLayout>
  );
}

/** usina/:usinaId/ocorrencias/ocorrencias/historico */
export function PlantOccurrenceHistoryPage() {
  const { sisId, usinaId } = useOccurrenceRouteIds();
  const scope = useMemo(() => ({ local_id: usinaId ?? undefined }), [usinaId]);
  const match = useMemo(() => ofSystem(sisId), [sisId]);
  if (usinaId === null) return <EmptyMessage item="usina" />;
  return (
    <OccurrencePageLayout
      title="Histórico de Ocorrências da Usina"
      description={HISTORY_DESCRIPTION}
    >
      <OccurrenceList
        tableId="ocorrencias-historico-usina"
        label="Histórico de ocorrências da usina"
        variant="history"
        route={API.occurrences.list}
        scope={scope}
        config={HISTORICAL}
        liveScope={match}
        place={{ usinaId }}
      />
    </OccurrencePageLayout>
  );
}

/** scd/:scdId/ocorrencias/ocorrencias/scd/historico */
export function ScdOccurrenceHistoryPage() {
  const { sisId, scdId } = useOccurrenceRouteIds();
  const scope = useMemo(() => ({ scdId: scdId ?? undefined }), [scdId]);
  const match = useMemo(() => ofSystem(sisId), [sisId]);
  if (scdId === null) return <EmptyMessage item="SCD" />;
  return (
    <OccurrencePageLayout title="Histórico de Ocorrências do SCD" description={HISTORY_DESCRIPTION}>
      <OccurrenceList
        tableId="ocorrencias-historico-scd"
        label="Histórico de ocorrências do SCD"
        variant="history"
        route={API.occurrences.list}
        scope={scope}
        config={HISTORICAL}
        liveScope={match}
        place={{ scdId }}
      />
    </OccurrencePageLayout>
  );
}

/**
 * /gestao 'Alarmes Gestão' — the system's every occurrence (the spec's "all"
 * list) with the history filter, for managing alarms across the system.
 */
export function SystemOccurrenceManagementPage() {
  const { sisId } = useOccurrenceRouteIds();
  const scope = useMemo(() => ({ sisid: sisId }), [sisId]);
  const match = useMemo(() => ofSystem(sisId), [sisId]);
  return (
    <OccurrencePageLayout title="Alarmes Gestão" description={HISTORY_DESCRIPTION}>
      <OccurrenceList
        tableId="ocorrencias-gestao"
        label="Todas as ocorrências do sistema"
        variant="history"
        route={API.occurrences.list}
        scope={scope}
        config={HISTORICAL}
        liveScope={match}
      />
    </OccurrencePageLayout>
  );
}
