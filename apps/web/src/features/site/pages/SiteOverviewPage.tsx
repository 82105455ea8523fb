import { Alert, Stack } from '@mantine/core';
import type { OverviewConfig, SiteData } from '@vigia/contract';
import { type ReactNode, useEffect } from 'react';
import { useRouteLinks } from '../../../lib/navigation';
import { DelayedLoader } from '../../../ui/DelayedLoader';
import { useOverviews } from '../api/get-overviews';
import { OccurrencesSection } from '../components/OccurrencesSection';
import { OverviewTabs } from '../components/OverviewTabs';
import { ErrorPanel } from '../panels/ErrorPanel';
import { PanelHost } from '../panels/PanelHost';
import { usePanelSettled } from '../panels/panelSettled';
import { preloadPanel } from '../panels/registry';
import { PANEL_TEXTS } from '../panels/texts';
import { SiteFrame } from './SiteFrame';
import { useSiteParams } from './siteParams';

export interface SiteOverviewPageProps {
  /** The site's occurrence preview (spec 001: page size 10), composed in by the app. */
  renderOccurrences?: (siteId: number) => ReactNode;
  /** The device's command panel (spec 001 §6: generator, TFR and plant panels), composed in by the app. */
  renderCommands?: (site: SiteData) => ReactNode;
  /** Links to the device's chart and report presets, composed in by the app. */
  renderPresets?: (site: SiteData) => ReactNode;
}

/**
 * `/:sisId/site/:scdId/:usinaId/:siteId/visao-geral/:overviewId`: the site's
 * title, its overview tabs, the panel its `render_html` names and the
 * occurrence preview.
 */
export function SiteOverviewPage({
  renderOccurrences,
  renderCommands,
  renderPresets,
}: SiteOverviewPageProps) {
  const { params, siteId, overviewId } = useSiteParams();
  const links = useRouteLinks();
  const overviews = useOverviews(siteId);
  const hrefOf = (o: OverviewConfig) =>
    links.hrefFor('main.site.overview', { ...params, overviewId: o.idOverview ?? undefined });
  const current = overviews.data?.find((o) => o.idOverview === overviewId) ?? null;
  // The panel's code loads while the site's data is on its way (the frame waits for it).
  const currentPanel = current?.render_html;
  useEffect(() => preloadPanel(currentPanel), [currentPanel]);
  const panel = usePanelSettled(String(siteId));

  return (
    <SiteFrame siteId={siteId}>
      {(site) => (
        <Stack gap="md">
          <div>
            {overviews.data && (
              <OverviewTabs overviews={overviews.data} currentId={overviewId} hrefOf={hrefOf} />
            )}
            {overviews.isPending && <DelayedLoader />}
            {overviews.isError && (
              <Alert color="red" variant="light" role="alert">
                {PANEL_TEXTS.loadFailed}
              </Alert>
            )}
            {overviews.data && !current && (
              <ErrorPanel
                title={PANEL_TEXTS.overviewNotFoundTitle}
                message={PANEL_TEXTS.overviewNotFound}
              />
            )}
            {current && (
              <PanelHost
                target={{ kind: 'dispositivo', site }}
                panelName={current.render_html}
                sinoticoId={current.sinotico[0]?.id ?? null}
                onSettled={panel.onSettled}
              />
            )}
          </div>
          {current && panel.settled && renderCommands?.(site)}
          {renderOccurrences && (!current || panel.settled) && (
            <OccurrencesSection>{renderOccurrences(site.id)}</OccurrencesSection>
          )}
          {/* Last, and once the panel has its size: links arriving later move nothing. */}
          {(!current || panel.settled) && renderPresets?.(site)}
        </Stack>
      )}
    </SiteFrame>
  );
}
