import type { LiveEvent, LiveEventType } from '@vigia/contract';

/** Readings events flood (one a second per system): by default a query refetches for them at most this often. */
export const LIVE_FLUSH_MS = 1000;

/**
 * The events that flood by nature (the server coalesces readings to one a
 * second per system): held to a query's throttle. Every other event (an
 * alarm opened or cleared, a command's status …) refetches at once unless
 * `LIVE_BURST` refetches already ran within the throttle: only a flood of
 * them (an alarm storm) waits.
 */
export const FLOODING_EVENTS: readonly LiveEventType[] = ['readings.updated'];

/** Refetches at once within one throttle period for events that do not flood by nature. */
export const LIVE_BURST = 3;

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
  /**
   * Least time between two refetches caused by flooding events (`FLOODING_EVENTS`),
   * ms (default LIVE_FLUSH_MS; 0: at once); other events refetch at once up to
   * `LIVE_BURST` times within it.
   */
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
