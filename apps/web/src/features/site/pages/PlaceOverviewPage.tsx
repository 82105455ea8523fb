import { Alert, Stack } from '@mantine/core';
import type { OverviewConfig } from '@vigia/contract';
import type { ReactNode } from 'react';
import { isHttpError } from '../../../lib/httpErrors';
import { useRouteLinks } from '../../../lib/navigation';
import { DelayedLoader } from '../../../ui/DelayedLoader';
import { useOverviews } from '../api/get-overviews';
import { OccurrencesSection } from '../components/OccurrencesSection';
import { OverviewTabs } from '../components/OverviewTabs';
import { ErrorPanel } from '../panels/ErrorPanel';
import { PanelHost } from '../panels/PanelHost';
import { usePanelSettled } from '../panels/panelSettled';
import { PANEL_TEXTS } from '../panels/texts';
import { PLACE_IN_TEXT, PLACE_ROUTES, type PlaceKind, usePlaceParams } from './placeParams';

/** A plant or SCD of a system: what the app's slots need. */
export interface Place {
  kind: PlaceKind;
  id: number;
  sisId: number;
}

export interface PlaceOverviewPageProps {
  kind: PlaceKind;
  /** The place's heading (its name, totals; it titles the page), composed in by the app. */
  renderHeading?: (place: Place) => ReactNode;
  /** The occurrence preview of the place's devices (spec 001: page size 10), composed in by the app. */
  renderOccurrences?: (place: Place) => ReactNode;
  /** The place's command panel (spec 001 §6: plant panels), composed in by the app. */
  renderCommands?: (place: Place) => ReactNode;
}

/**
 * `usina/:usinaId/visao-geral/:overviewId` and `scd/:scdId/visao-geral/:overviewId`:
 * the place's heading, its overview tabs, the panel its `render_html` names
 * (reading all the place's devices) and the occurrence preview.
 */
export function PlaceOverviewPage({
  kind,
  renderHeading,
  renderOccurrences,
  renderCommands,
}: PlaceOverviewPageProps) {
  const { params, sisId, id, overviewId } = usePlaceParams(kind);
  const links = useRouteLinks();
  const overviews = useOverviews(id, kind);
  const place: Place = { kind, id, sisId };
  const hrefOf = (o: OverviewConfig) =>
    links.hrefFor(PLACE_ROUTES[kind].overview, {
      ...params,
      overviewId: o.idOverview ?? undefined,
    });
  const current = overviews.data?.find((o) => o.idOverview === overviewId) ?? null;
  const panel = usePanelSettled(`${kind}:${id}`);
  const valid = Number.isInteger(id) && id > 0;
  const notFound = !valid || isHttpError(overviews.error, 404);

  return (
    <>
      {renderHeading?.(place)}
      <Stack gap="md">
        <div>
          {overviews.data && (
            <OverviewTabs overviews={overviews.data} currentId={overviewId} hrefOf={hrefOf} />
          )}
          {valid && overviews.isPending && <DelayedLoader />}
          {(!valid || overviews.isError) && (
            <Alert color="red" variant="light" role="alert">
              {notFound ? PANEL_TEXTS.placeNotFound[kind] : PANEL_TEXTS.placeLoadFailed[kind]}
            </Alert>
          )}
          {overviews.data && !current && (
            <ErrorPanel
              title={PANEL_TEXTS.overviewNotFoundTitle}
              message={PANEL_TEXTS.placeOverviewNotFound(PLACE_IN_TEXT[kind])}
            />
          )}
          {current && (
            <PanelHost
              target={{ kind, id, sisId }}
              panelName={current.render_html}
              sinoticoId={current.sinotico[0]?.id ?? null}
              onSettled={panel.onSettled}
            />
          )}
        </div>
        {current && panel.settled && renderCommands?.(place)}
        {renderOccurrences && current && panel.settled && (
          <OccurrencesSection>{renderOccurrences(place)}</OccurrencesSection>
        )}
      </Stack>
    </>
  );
}
