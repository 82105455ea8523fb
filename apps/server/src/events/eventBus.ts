import type { EventPublisher, VigiaEvent } from './types.js';

export type EventListener = (event: VigiaEvent) => void;
/**
 * Hands an event to the other nodes. With `confirm`, its promise settles once
 * they have been sent it; it never rejects (a relay that fails logs it).
 */
export type EventRelay = (
  event: VigiaEvent,
  options?: { confirm?: boolean },
) => Promise<void> | void;

/**
 * In-process publish/subscribe for live events. `publish` delivers to local
 * subscribers and hands the event to the relay (PostgreSQL NOTIFY when
 * several processes share a database); `deliverLocal` is the relay's way in.
 */
export class EventBus implements EventPublisher {
  readonly #listeners = new Set<EventListener>();
  #relay: EventRelay | undefined;

  constructor(private readonly onListenerError: (error: unknown) => void = () => {}) {}

  publish(event: VigiaEvent): void {
    this.deliverLocal(event);
    void this.#relay?.(event);
  }

  /**
   * `publish`, settled once the relay has sent the event to the other nodes
   * (on PostgreSQL: its NOTIFY committed and back on this node's LISTEN). For a
   * change whose answer promises it holds everywhere, such as a rotated device
   * key. Never rejects.
   */
  async publishToAllNodes(event: VigiaEvent): Promise<void> {
    this.deliverLocal(event);
    await this.#relay?.(event, { confirm: true });
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
  setRelay(relay: EventRelay | undefined): void {
    this.#relay = relay;
  }

  get listenerCount(): number {
    return this.#listeners.size;
  }
}
