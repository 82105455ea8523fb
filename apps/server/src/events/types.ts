import type { LiveEvent } from '@vigia/contract';

/**
 * Live events pushed to browsers over `/api/eventos` (server-sent events).
 * Every event names the system it belongs to so the stream can be filtered
 * to the caller's systems. The wire shape is `liveEvent` in @vigia/contract.
 */
export type VigiaEvent = LiveEvent;

export interface EventPublisher {
  publish(event: VigiaEvent): void;
}
