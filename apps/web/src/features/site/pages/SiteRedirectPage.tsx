import { Alert, Stack, Text } from '@mantine/core';
import { useEffect } from 'react';
import { Navigate } from 'react-router';
import { useRouteLinks } from '../../../lib/navigation';
import { DelayedLoader } from '../../../ui/DelayedLoader';
import { useOverviews } from '../api/get-overviews';
import { useSite } from '../api/get-site';
import { OccurrencesSection } from '../components/OccurrencesSection';
import { PanelHost } from '../panels/PanelHost';
import { preloadPanel, resolvePanelKey } from '../panels/registry';
import { PANEL_TEXTS } from '../panels/texts';
import { SiteFrame } from './SiteFrame';
import type { SiteOverviewPageProps } from './SiteOverviewPage';
import { useSiteParams } from './siteParams';

/**
 * `/:sisId/site/:scdId/:usinaId/:siteId` with no child screen (spec 000 §2):
 * with at least one overview it goes to the first one. Without any it shows
 * the panel of the device's type when the registry has one, else says so.
 */
export function SiteRedirectPage({ renderOccurrences, renderPresets }: SiteOverviewPageProps) {
  const { params, siteId } = useSiteParams();
  const links = useRouteLinks();
  const overviews = useOverviews(siteId);
  // Asked beside the overviews, not after the redirect: the overview screen
  // (or the frame below) then finds the site in the cache.
  useSite(siteId);
  const first = overviews.data?.find((o) => o.idOverview !== null);
  const target = first
    ? links.hrefFor('main.site.overview', { ...params, overviewId: first.idOverview ?? undefined })
    : null;

  const firstPanel = first?.render_html;
  useEffect(() => preloadPanel(firstPanel), [firstPanel]);

  if (target) return <Navigate to={target} replace />;
  if (overviews.isPending) return <DelayedLoader />;
  if (overviews.isError) {
    return (
      <Alert color="red" variant="light" role="alert">
        {PANEL_TEXTS.loadFailed}
      </Alert>
    );
  }
  return (
    <SiteFrame siteId={siteId}>
      {(site) => (
        <Stack gap="md">
          {resolvePanelKey(site.tipo) ? (
            <PanelHost
              target={{ kind: 'dispositivo', site }}
              panelName={site.tipo}
              sinoticoId={null}
            />
          ) : (
            <Text c="gray.7" data-testid="no-overview">
              {PANEL_TEXTS.noOverview}
            </Text>
          )}
          {renderOccurrences && (
            <OccurrencesSection>{renderOccurrences(site.id)}</OccurrencesSection>
          )}
          {renderPresets?.(site)}
        </Stack>
      )}
    </SiteFrame>
  );
}
