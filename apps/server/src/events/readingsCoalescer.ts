import type { VigiaEvent } from './types.js';

export type ReadingsUpdated = Extract<VigiaEvent, { type: 'readings.updated' }>;

/**
 * Largest serialised `readings.updated`: with the relay's envelope (a process id) it
 * stays under PostgreSQL's NOTIFY payload limit of 8000 bytes.
 */
export const MAX_READINGS_EVENT_BYTES = 7_800;

interface HeldDevice {
  ts: number;
  names: Set<string>;
}

interface HeldSystem {
  devices: Map<number, HeldDevice>;
  timer: NodeJS.Timeout;
}

export interface ReadingsCoalescerOptions {
  publish: (event: ReadingsUpdated) => void;
  /** Least time between two flushes of one system, ms (default 1000). */
  intervalMs?: number;
  maxEventBytes?: number;
}

/**
 * Folds the readings stored for a system into at most one `readings.updated` per
 * `intervalMs`. A console reloads a reading at most once a second anyway, and one
 * event per device and batch made every stream and the NOTIFY relay carry tens of
 * thousands of events a second on a large fleet.
 *
 * Each system is published at its own moment of the interval (from its id): every
 * console of a system reloads its lists on that system's event, and when all systems
 * flushed on the same tick every console's reload reached the server at once
 * (bench/fleet). So a reading waits up to one interval before its event.
 */
export class ReadingsCoalescer {
  readonly #held = new Map<number, HeldSystem>();
  readonly #sentAt = new Map<number, number>();
  readonly #publish: (event: ReadingsUpdated) => void;
  readonly #intervalMs: number;
  readonly #maxEventBytes: number;

  constructor(options: ReadingsCoalescerOptions) {
    this.#publish = options.publish;
    this.#intervalMs = options.intervalMs ?? 1_000;
    this.#maxEventBytes = options.maxEventBytes ?? MAX_READINGS_EVENT_BYTES;
  }

  add(sisId: number, deviceId: number, ts: number, names: Iterable<string>): void {
    let system = this.#held.get(sisId);
    if (!system) {
      const now = Date.now();
      const sentAt = this.#sentAt.get(sisId);
      const earliest = sentAt === undefined ? now : Math.max(now, sentAt + this.#intervalMs);
      const due = this.#slotOf(sisId, earliest);
      const timer = setTimeout(() => this.#flushSystem(sisId), due - now);
      timer.unref();
      system = { devices: new Map(), timer };
      this.#held.set(sisId, system);
    }
    const device = system.devices.get(deviceId);
    if (!device) {
      system.devices.set(deviceId, { ts, names: new Set(names) });
      return;
    }
    device.ts = Math.max(device.ts, ts);
    for (const name of names) device.names.add(name);
  }

  /** Publishes everything held now (a flush of the ingest, shutdown). */
  flush(): void {
    for (const sisId of [...this.#held.keys()]) this.#flushSystem(sisId);
  }

  /** Systems with readings waiting. */
  get pendingSystems(): number {
    return this.#held.size;
  }

  /** The first moment at or after `from` that is `sisId`'s moment of the interval. */
  #slotOf(sisId: number, from: number): number {
    // A multiplicative hash spreads consecutive ids over the interval.
    const phase = Math.imul(sisId, 0x9e3779b1) >>> 0;
    const offset = (phase % this.#intervalMs) - (from % this.#intervalMs);
    return from + (offset < 0 ? offset + this.#intervalMs : offset);
  }

  #flushSystem(sisId: number): void {
    const system = this.#held.get(sisId);
    if (!system) return;
    this.#held.delete(sisId);
    clearTimeout(system.timer);
    this.#sentAt.set(sisId, Date.now());
    for (const event of splitIntoEvents(sisId, system.devices, this.#maxEventBytes)) {
      this.#publish(event);
    }
  }
}

/**
 * One event per run of devices that fits `maxBytes` serialised, each naming the
 * readings of its own devices. A device whose names alone pass the limit still gets
 * its event (the relay then keeps it local and says so).
 */
export function splitIntoEvents(
  sisId: number,
  devices: ReadonlyMap<number, HeldDevice>,
  maxBytes: number,
): ReadingsUpdated[] {
  const emptyBytes = jsonBytes({ type: 'readings.updated', sisId, devices: [], names: [] });
  const events: ReadingsUpdated[] = [];
  let part: ReadingsUpdated = { type: 'readings.updated', sisId, devices: [], names: [] };
  let partNames = new Set<string>();
  let bytes = emptyBytes;
  for (const [deviceId, { ts, names }] of devices) {
    const entry = { deviceId, ts };
    // A comma before every entry and name: counts one too many, never too few.
    let added = jsonBytes(entry) + 1;
    for (const name of names) if (!partNames.has(name)) added += jsonBytes(name) + 1;
    if (part.devices.length > 0 && bytes + added > maxBytes) {
      events.push(part);
      part = { type: 'readings.updated', sisId, devices: [], names: [] };
      partNames = new Set();
      bytes = emptyBytes;
      added = jsonBytes(entry) + 1;
      for (const name of names) added += jsonBytes(name) + 1;
    }
    part.devices.push(entry);
    for (const name of names) {
      if (partNames.has(name)) continue;
      partNames.add(name);
      part.names.push(name);
    }
    bytes += added;
  }
  if (part.devices.length > 0) events.push(part);
  return events;
}

function jsonBytes(value: unknown): number {
  return Buffer.byteLength(JSON.stringify(value));
}
