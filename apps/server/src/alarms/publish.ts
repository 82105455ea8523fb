import type { EventPublisher, VigiaEvent } from '../events/types.js';

/** `publish` as a function or as an object with one (an EventBus). */
export type Publish = EventPublisher['publish'] | EventPublisher;

export const toPublish = (p: Publish | undefined): ((event: VigiaEvent) => void) =>
  p === undefined ? () => {} : typeof p === 'function' ? p : (event) => p.publish(event);
