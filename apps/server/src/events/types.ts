import { type LiveEvent, liveEvent } from '@vigia/contract';
import { z } from 'zod';

/**
 * Live events pushed to browsers over `/api/eventos` (server-sent events).
 * Every event names the system it belongs to so the stream can be filtered
 * to the caller's systems. The wire shape is `liveEvent` in @vigia/contract.
 */
export type { LiveEvent };

/**
 * Events between the server's own parts and nodes, never sent to a browser:
 * alarm rules changed (a model's, or a device's overrides), so every node's
 * alarm engine reloads them.
 */
export const serverEvent = z.object({
  type: z.literal('alarmRules.changed'),
  templateId: z.number().int().optional(),
  deviceId: z.number().int().optional(),
});
export type ServerEvent = z.infer<typeof serverEvent>;

/** What the bus carries and the PostgreSQL relay passes between nodes. */
export type VigiaEvent = LiveEvent | ServerEvent;
export const vigiaEvent = z.union([liveEvent, serverEvent]);

export const isLiveEvent = (event: VigiaEvent): event is LiveEvent =>
  event.type !== 'alarmRules.changed';

export interface EventPublisher {
  publish(event: VigiaEvent): void;
}
