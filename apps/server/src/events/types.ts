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
 * - `alarmRules.changed`: a model's rules or a device's overrides changed, so
 *   every node's alarm engine reloads them;
 * - `devices.changed`: what identifies a device to the ingest changed (its key
 *   was issued or rotated, it was created or removed), so every node forgets
 *   what it cached of those devices (the key → device map, the device itself,
 *   an id found unknown).
 */
export const serverEvent = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('alarmRules.changed'),
    templateId: z.number().int().optional(),
    deviceId: z.number().int().optional(),
  }),
  z.object({
    type: z.literal('devices.changed'),
    deviceIds: z.array(z.number().int()).min(1),
  }),
]);
export type ServerEvent = z.infer<typeof serverEvent>;

/** What the bus carries and the PostgreSQL relay passes between nodes. */
export type VigiaEvent = LiveEvent | ServerEvent;
export const vigiaEvent = z.union([liveEvent, serverEvent]);

const SERVER_EVENT_TYPES: ReadonlySet<string> = new Set<ServerEvent['type']>([
  'alarmRules.changed',
  'devices.changed',
]);

export const isLiveEvent = (event: VigiaEvent): event is LiveEvent =>
  !SERVER_EVENT_TYPES.has(event.type);

export interface EventPublisher {
  publish(event: VigiaEvent): void;
}
