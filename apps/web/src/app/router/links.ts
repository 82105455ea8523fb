import type { Sistema } from '@vigia/contract';
import { CUSTOMER_HOME_SYSTEM_ID, type LandingTarget, landingTarget } from '@vigia/domain';
import { generatePath } from 'react-router';
import type { RouteLinks, RouteParams } from '../../lib/navigation';
import { isMounted, type RouteEntry, routeById } from './routeTable';

/** Full hash path of a route with these params, or null when one is missing. */
export function routePath(route: RouteEntry, params: RouteParams): string | null {
  const filled: Record<string, string> = { ...route.defaults?.() };
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== '') filled[key] = String(value);
  }
  // The client-systems group always runs under the customer home's system id 0.
  if (route.group === 'clientes') filled.sisId = String(CUSTOMER_HOME_SYSTEM_ID);
  try {
    return generatePath(`/:sisId/${route.path}`, filled as { sisId: string });
  } catch {
    return null;
  }
}

export function mountedHref(id: string, params: RouteParams = {}): string | null {
  const route = routeById(id);
  if (!route) throw new Error(`Rota desconhecida: ${id}`);
  return isMounted(route) ? routePath(route, params) : null;
}

/** `home` of a system configured to open on the generators page (system 121 in the demo). */
export const GENERATORS_HOME = 'geradores';

function targetHref(target: LandingTarget): string | null {
  if (target.kind === 'systems') return null;
  const params = { sisId: target.sisId };
  const generators =
    target.kind === 'generators' ? mountedHref('main.cluster.geradores', params) : null;
  // Until the generators page is mounted such a system opens on the cluster home.
  return generators ?? (mountedHref('main.cluster.home', params) as string);
}

function opensGenerators(sistemas: readonly Pick<Sistema, 'id' | 'home'>[]) {
  return (sisId: number) => sistemas.some((s) => s.id === sisId && s.home === GENERATORS_HOME);
}

/** Spec 000 §2 (rule in packages/domain): where the customer home goes by itself, or null to list the systems. */
export function landingHref(sistemas: readonly Pick<Sistema, 'id' | 'home'>[]): string | null {
  return targetHref(landingTarget(sistemas, opensGenerators(sistemas)));
}

/** Where one system opens when chosen: its configured home, else the cluster home. */
export function systemHomeHref(sistema: Pick<Sistema, 'id' | 'home'>): string {
  return landingHref([sistema]) as string;
}

export const routeLinks: RouteLinks = {
  hrefFor: mountedHref,
  systemHomeHref,
  landingHref,
  customerHomeHref: () => mountedHref('main.clientes.home') as string,
};

export interface Crumb {
  routeId: string;
  label: string;
  /** Null for the current screen and for parents whose screen is not mounted. */
  href: string | null;
}

/** Breadcrumbs from the table: the parent chain, root first, the current screen last. */
export function breadcrumbs(
  id: string,
  params: RouteParams,
  currentLabel?: string | null,
): Crumb[] {
  const chain: RouteEntry[] = [];
  for (
    let route = routeById(id);
    route;
    route = route.parent ? routeById(route.parent) : undefined
  ) {
    chain.unshift(route);
  }
  return chain.map((route, index) => {
    const last = index === chain.length - 1;
    return {
      routeId: route.id,
      label: last && currentLabel ? currentLabel : route.label,
      href: last || !isMounted(route) ? null : routePath(route, params),
    };
  });
}
