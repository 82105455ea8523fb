import { HealthPlanReview } from '../components/HealthPlanReview';
import { OccurrencePageLayout } from '../components/OccurrencePageLayout';
import { useOccurrenceRouteIds } from '../routeParams';

/** The spec's customer-specific 'Status Ocorrências' route: the health-plan occurrence review. */
export function HealthPlanPage() {
  const { sisId } = useOccurrenceRouteIds();
  return (
    <OccurrencePageLayout
      title="Status Ocorrências"
      description="Revisão das ocorrências do plano de saúde: registre o motivo de cada alarme do período."
    >
      <HealthPlanReview sisId={sisId} />
    </OccurrencePageLayout>
  );
}
