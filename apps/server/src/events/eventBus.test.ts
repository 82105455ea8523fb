import { describe, expect, it, vi } from 'vitest';
import { EventBus } from './eventBus.js';
import type { VigiaEvent } from './types.js';

const event: VigiaEvent = {
  type: 'occurrence.cleared',
  sisId: 1,
  deviceId: 2,
  occurrenceId: 3,
};

describe('EventBus', () => {
  it('delivers to subscribers until they unsubscribe, and relays what is published', () => {
    const bus = new EventBus();
    const seen: VigiaEvent[] = [];
    const relayed: VigiaEvent[] = [];
    const off = bus.subscribe((e) => seen.push(e));
    bus.setRelay((e) => {
      relayed.push(e);
    });
    bus.publish(event);
    bus.deliverLocal({ ...event, occurrenceId: 4 });
    off();
    bus.publish(event);
    expect(seen.map((e) => e.type === 'occurrence.cleared' && e.occurrenceId)).toEqual([3, 4]);
    expect(relayed).toHaveLength(2);
    expect(bus.listenerCount).toBe(0);
  });

  it('publishToAllNodes settles only once the relay has sent the event', async () => {
    const bus = new EventBus();
    const seen: VigiaEvent[] = [];
    bus.subscribe((e) => seen.push(e));
    let sent: () => void = () => {};
    bus.setRelay(() => new Promise<void>((resolve) => (sent = resolve)));
    let settled = false;
    const published = bus.publishToAllNodes(event).then(() => {
      settled = true;
    });
    expect(seen).toEqual([event]);
    await Promise.resolve();
    expect(settled).toBe(false);
    sent();
    await published;
    expect(settled).toBe(true);
  });

  it('a throwing subscriber does not stop the others', () => {
    const onError = vi.fn();
    const bus = new EventBus(onError);
    const seen = vi.fn();
    bus.subscribe(() => {
      throw new Error('boom');
    });
    bus.subscribe(seen);
    bus.publish(event);
    expect(seen).toHaveBeenCalledOnce();
    expect(onError).toHaveBeenCalledOnce();
  });
});
