import { useParams } from 'react-router';
import type { LiveScope } from '../../lib/live/liveInterest';

/** A positive integer route parameter, or null. */
export function idParam(value: string | undefined): number | null {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : null;
}

/** The route's numeric ids (`sisId` is 0 on the client-systems group). */
export function useOccurrenceRouteIds() {
  const params = useParams();
  return {
    sisId: Number(params.sisId) || 0,
    usinaId: idParam(params.usinaId),
    scdId: idParam(params.scdId),
    venueId: idParam(params.venueId),
    siteId: idParam(params.siteId),
  };
}

/** Events of every system of the user. */
export const ANY_SCOPE: LiveScope = {};

/** Events of one system (plant, SCD and venue lists: their devices are in the route's system). */
export function ofSystem(sisId: number): LiveScope {
  return { sisId };
}

export function ofDevice(deviceId: number): LiveScope {
  return { deviceIds: [deviceId] };
}
