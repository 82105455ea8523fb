import type { RouteLinks } from '../../lib/navigation';

interface Located {
  id: number;
  sisId: number;
  usinaId: number | null;
  scdId: number | null;
}

/**
 * Spec 000 §2: a device opens as the site route with its siteId plus its
 * plant and SCD; a device outside a plant or SCD carries 0 there.
 */
export function siteHref(links: RouteLinks, device: Located): string | null {
  return links.hrefFor('main.site', {
    sisId: device.sisId,
    scdId: device.scdId ?? 0,
    usinaId: device.usinaId ?? 0,
    siteId: device.id,
  });
}

/** The tank chart of the cluster group (`tanque/grafico/:siteId`). */
export function tankChartHref(links: RouteLinks, tank: { id: number; sisId: number }) {
  return links.hrefFor('main.cluster.tanqueChart', { sisId: tank.sisId, siteId: tank.id });
}
