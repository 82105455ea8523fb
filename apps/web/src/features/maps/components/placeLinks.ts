import type { ResumeSiteRow } from '@vigia/contract';
import type { RouteLinks } from '../../../lib/navigation';

interface Located {
  sisId: number;
  usinaId: number | null;
  scdId: number | null;
}

/**
 * Spec 000 §2: a device opens as the site route with its siteId plus its
 * plant and SCD; a device outside a plant or SCD carries 0 there.
 */
export function siteHref(links: RouteLinks, device: Located & { id: number }): string | null {
  return links.hrefFor('main.site', {
    sisId: device.sisId,
    scdId: device.scdId ?? 0,
    usinaId: device.usinaId ?? 0,
    siteId: device.id,
  });
}

/**
 * A plant or SCD opens as `main.usina` / `main.scd` (spec 001 §2 navigation
 * targets): its first overview, or its devices when it has none.
 */
export function placeHref(
  links: RouteLinks,
  place: { tipo: 'usina' | 'scd'; id: number; sisId: number },
): string | null {
  return place.tipo === 'usina'
    ? links.hrefFor('main.usina', { sisId: place.sisId, usinaId: place.id })
    : links.hrefFor('main.scd', { sisId: place.sisId, scdId: place.id });
}

/** Spec 001 §2: a site-table row opens the site, plant, SCD or venue it names. */
export function siteRowHref(links: RouteLinks, row: ResumeSiteRow): string | null {
  switch (row.destino) {
    case 'site':
      return siteHref(links, row);
    case 'usina':
    case 'scd':
      return placeHref(links, { tipo: row.destino, id: row.id, sisId: row.sisId });
    case 'venue':
      return links.hrefFor('main.venue.home', { sisId: row.sisId, venueId: row.id });
  }
}
