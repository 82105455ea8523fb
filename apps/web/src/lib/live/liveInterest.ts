import type { LiveEvent, LiveEventType } from '@vigia/contract';

/** Live events come in bursts (readings at most once a second per system, alarms at once): by default a query refetches at most this often. */
export const LIVE_FLUSH_MS = 1000;

/**
 * What makes a query stale, declared by the query itself (`meta.live`):
 * event types, narrowed to a system and to devices. `lib/live/liveQueries`
 * is the one place that reads it.
 */
export interface LiveInterest {
  types: readonly LiveEventType[];
  /** Only events of this system; absent or 0: every system of the user. */
  sisId?: number;
  /** Only events of these devices. */
  deviceIds?: readonly number[];
  /** Only events of the devices the query's answer shows (a synoptic's, a plant's peers). */
  devicesOf?: (data: unknown) => readonly number[];
  /** Least time between two refetches caused by events, ms (default LIVE_FLUSH_MS; 0: at once). */
  throttleMs?: number;
}

/** The scope part of an interest, for screens that listen to events themselves (notifications). */
export type LiveScope = Pick<LiveInterest, 'sisId' | 'deviceIds'>;

/** The devices an event concerns: its one device, or the devices of a system that reported. */
export function eventDeviceIds(event: LiveEvent): readonly number[] {
  return event.type === 'readings.updated'
    ? event.devices.map((d) => d.deviceId)
    : [event.deviceId];
}

const namesAny = (wanted: readonly number[], event: LiveEvent) =>
  eventDeviceIds(event).some((id) => wanted.includes(id));

export function inScope(scope: LiveScope, event: LiveEvent): boolean {
  if (scope.sisId && event.sisId !== scope.sisId) return false;
  return !scope.deviceIds || namesAny(scope.deviceIds, event);
}

export function matchesInterest(interest: LiveInterest, event: LiveEvent, data?: unknown): boolean {
  if (!interest.types.includes(event.type) || !inScope(interest, event)) return false;
  return !interest.devicesOf || namesAny(interest.devicesOf(data), event);
}
