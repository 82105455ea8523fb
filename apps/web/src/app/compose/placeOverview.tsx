import { PlantCommandPanel } from '../../features/commands/components/PlantCommandPanel';
import { PlaceHeading } from '../../features/devices/components/PlaceHeading';
import { OccurrencePreview } from '../../features/occurrences/components/OccurrencePreview';
import { type Place, PlaceOverviewPage } from '../../features/site/pages/PlaceOverviewPage';
import { PlaceRedirectPage } from '../../features/site/pages/PlaceRedirectPage';

/*
 * A plant's or SCD's overview: the site feature's page with the devices
 * feature's heading (name, totals) and the occurrences feature's preview of
 * the place's devices, combined here (features do not import each other).
 */

const renderHeading = (place: Place) => <PlaceHeading kind={place.kind} id={place.id} titlesPage />;
const renderOccurrences = (place: Place) => <OccurrencePreview owner={place} />;
const renderCommands = (place: Place) => <PlantCommandPanel usinaId={place.id} />;

/** `main.usina.overview` */
export function PlantOverviewRoute() {
  return (
    <PlaceOverviewPage
      kind="usina"
      renderHeading={renderHeading}
      renderOccurrences={renderOccurrences}
      renderCommands={renderCommands}
    />
  );
}

/** `main.scd.overview` */
export function ScdOverviewRoute() {
  return (
    <PlaceOverviewPage
      kind="scd"
      renderHeading={renderHeading}
      renderOccurrences={renderOccurrences}
    />
  );
}

/** `main.usina`: the redirect to the first overview (or the plant's devices). */
export const PlantRoute = () => <PlaceRedirectPage kind="usina" />;

/** `main.scd`: the same for an SCD. */
export const ScdRoute = () => <PlaceRedirectPage kind="scd" />;
