import type { SiteData } from '@vigia/contract';
import { showsCommandPanel } from '../../features/commands/commandTargets';
import { CommandPanel } from '../../features/commands/components/CommandPanel';
import { DeviceServiceControl } from '../../features/occurrences/components/DeviceServiceControl';
import { OccurrencePreview } from '../../features/occurrences/components/OccurrencePreview';
import { SiteOverviewPage } from '../../features/site/pages/SiteOverviewPage';
import { SiteRedirectPage } from '../../features/site/pages/SiteRedirectPage';
import { SitePresetLinks } from './presetLinks';

/*
 * Features do not import each other: the site page takes the occurrence
 * preview as a slot and the app puts the occurrences feature in it here.
 */

const renderOccurrences = (siteId: number) => (
  <>
    <DeviceServiceControl deviceId={siteId} />
    <OccurrencePreview siteId={siteId} />
  </>
);
const renderCommands = (site: SiteData) =>
  showsCommandPanel(site.tipo) ? <CommandPanel deviceId={site.id} /> : null;
const renderPresets = () => <SitePresetLinks />;

/** `main.site.overview`: the overview panel with the site's occurrence preview. */
export function SiteOverviewRoute() {
  return (
    <SiteOverviewPage
      renderOccurrences={renderOccurrences}
      renderCommands={renderCommands}
      renderPresets={renderPresets}
    />
  );
}

/** `main.site`: the redirect to the first overview (or the device type's panel). */
export function SiteRoute() {
  return <SiteRedirectPage renderOccurrences={renderOccurrences} renderPresets={renderPresets} />;
}
