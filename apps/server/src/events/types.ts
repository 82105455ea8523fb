/**
 * Live events pushed to browsers over `/api/eventos` (server-sent events).
 * Every event names the system it belongs to so the stream can be filtered
 * to the caller's systems.
 */
export type VigiaEvent =
  | {
      type: 'occurrence.opened';
      sisId: number;
      deviceId: number;
      occurrenceId: number;
      critico: number;
    }
  | { type: 'occurrence.cleared'; sisId: number; deviceId: number; occurrenceId: number }
  | {
      type: 'occurrence.acknowledged';
      sisId: number;
      deviceId: number;
      occurrenceIds: number[];
      userId: number;
    }
  | {
      type: 'command.status';
      sisId: number;
      deviceId: number;
      commandId: number;
      statusWebId: number;
    }
  | { type: 'readings.updated'; sisId: number; deviceId: number; ts: number; names: string[] };

export interface EventPublisher {
  publish(event: VigiaEvent): void;
}
