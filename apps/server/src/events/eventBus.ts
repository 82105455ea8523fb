import type { EventPublisher, VigiaEvent } from './types.js';

export type EventListener = (event: VigiaEvent) => void;

/**
 * In-process publish/subscribe for live events. `publish` delivers to local
 * subscribers and hands the event to the relay (PostgreSQL NOTIFY when
 * several processes share a database); `deliverLocal` is the relay's way in.
 */
export class EventBus implements EventPublisher {
  readonly #listeners = new Set<EventListener>();
  #relay: ((event: VigiaEvent) => void) | undefined;

  constructor(private readonly onListenerError: (error: unknown) => void = () => {}) {}

  publish(event: VigiaEvent): void {
    this.deliverLocal(event);
    this.#relay?.(event);
  }

  deliverLocal(event: VigiaEvent): void {
    for (const listener of this.#listeners) {
      try {
        listener(event);
      } catch (error) {
        this.onListenerError(error);
      }
    }
  }

  subscribe(listener: EventListener): () => void {
    this.#listeners.add(listener);
    return () => {
      this.#listeners.delete(listener);
    };
  }

  /** One relay at a time; pass undefined to detach. */
  setRelay(relay: ((event: VigiaEvent) => void) | undefined): void {
    this.#relay = relay;
  }

  get listenerCount(): number {
    return this.#listeners.size;
  }
}
