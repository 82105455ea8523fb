import { Alert } from '@mantine/core';
import { Navigate } from 'react-router';
import { isHttpError } from '../../../lib/httpErrors';
import { useRouteLinks } from '../../../lib/navigation';
import { DelayedLoader } from '../../../ui/DelayedLoader';
import { useOverviews } from '../api/get-overviews';
import { PANEL_TEXTS } from '../panels/texts';
import { PLACE_ROUTES, type PlaceKind, usePlaceParams } from './placeParams';

/**
 * `usina/:usinaId` and `scd/:scdId` with no child screen (spec 000 §2): with
 * at least one overview it goes to the first one, otherwise to the place's
 * devices (its home).
 */
export function PlaceRedirectPage({ kind }: { kind: PlaceKind }) {
  const { params, id } = usePlaceParams(kind);
  const links = useRouteLinks();
  const overviews = useOverviews(id, kind);
  const valid = Number.isInteger(id) && id > 0;

  if (valid && overviews.isPending) return <DelayedLoader />;
  if (!valid || overviews.isError) {
    return (
      <Alert color="red" variant="light" role="alert">
        {!valid || isHttpError(overviews.error, 404)
          ? PANEL_TEXTS.placeNotFound[kind]
          : PANEL_TEXTS.placeLoadFailed[kind]}
      </Alert>
    );
  }
  const first = overviews.data?.find((o) => o.idOverview !== null);
  const target = first
    ? links.hrefFor(PLACE_ROUTES[kind].overview, {
        ...params,
        overviewId: first.idOverview ?? undefined,
      })
    : links.hrefFor(PLACE_ROUTES[kind].home, params);
  return target ? <Navigate to={target} replace /> : null;
}
