import { Alert } from '@mantine/core';
import type { SiteData } from '@vigia/contract';
import { isHttpError } from '../../../lib/httpErrors';
import { usePageTitle } from '../../../lib/navigation';
import { DelayedLoader } from '../../../ui/DelayedLoader';
import { useSite } from '../api/get-site';
import { SiteHeader, siteTitleOf } from '../components/SiteHeader';
import { PANEL_TEXTS } from '../panels/texts';

interface Props {
  siteId: number;
  children: (site: SiteData) => React.ReactNode;
}

/** Loads the site, titles the page with the spec's rule and shows its heading. */
export function SiteFrame({ siteId, children }: Props) {
  const site = useSite(siteId);
  usePageTitle(site.data ? siteTitleOf(site.data) : null);
  if (site.isPending) return <DelayedLoader />;
  if (site.isError || !site.data) {
    return (
      <Alert color="red" variant="light" role="alert">
        {isHttpError(site.error, 404) || !Number.isFinite(siteId)
          ? PANEL_TEXTS.siteNotFound
          : PANEL_TEXTS.siteLoadFailed}
      </Alert>
    );
  }
  return (
    <>
      <SiteHeader site={site.data} />
      {children(site.data)}
    </>
  );
}
