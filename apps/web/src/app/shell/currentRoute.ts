import { useMatches } from 'react-router';
import type { RouteHandle } from '../router/router';
import { type RouteEntry, routeById } from '../router/routeTable';

/** The route table entry of the screen on display. */
export function useCurrentRoute(): RouteEntry | undefined {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const id = (matches[i]?.handle as RouteHandle | undefined)?.routeId;
    const route = id ? routeById(id) : undefined;
    if (route) return route;
  }
  return undefined;
}
