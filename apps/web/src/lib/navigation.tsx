import type { Sistema } from '@vigia/contract';
import { createContext, useContext, useEffect } from 'react';

export type RouteParams = Record<string, string | number | undefined>;

/**
 * How features link to screens without knowing the route table (only the app
 * combines features): by state name, with the current params filled in.
 */
export interface RouteLinks {
  /** Href of a route (e.g. `main.cluster.geradores`), or null while its screen is not mounted. */
  hrefFor: (id: string, params?: RouteParams) => string | null;
  /** Where a client system opens (spec 000 §2): its configured home, else the cluster home. */
  systemHomeHref: (sistema: Pick<Sistema, 'id' | 'home'>) => string;
  /** Where the customer home opens by itself for these systems (one or none), or null to list them. */
  landingHref: (sistemas: readonly Pick<Sistema, 'id' | 'home'>[]) => string | null;
  /** The customer home (system id 0) listing the user's systems. */
  customerHomeHref: () => string;
}

export const RouteLinksContext = createContext<RouteLinks | null>(null);

export function useRouteLinks(): RouteLinks {
  const links = useContext(RouteLinksContext);
  if (!links) throw new Error('useRouteLinks needs the app router');
  return links;
}

/** Sets the title of the current screen: the last breadcrumb and the document title. */
export const PageTitleContext = createContext<(title: string | null) => void>(() => {});

export function usePageTitle(title: string | null): void {
  const setTitle = useContext(PageTitleContext);
  useEffect(() => {
    setTitle(title);
    return () => setTitle(null);
  }, [setTitle, title]);
}
