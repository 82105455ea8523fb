import type { HealthResponse } from '@vigia/contract';

/** Refused messages by reason, as `/api/health` names them. */
export type IngestRefusalCounts = NonNullable<HealthResponse['ingestao']>['porMotivo'];

/**
 * Why a device message was refused for good, by its name on the wire:
 * `grande` over MAX_MESSAGE_BYTES, `invalida` not a readings message,
 * `horario` a reading time out of range, `desconhecido` no such device,
 * `topico` an MQTT topic that names no device.
 */
export type RefusalReason = keyof IngestRefusalCounts;

const noRefusals = (): IngestRefusalCounts => ({
  grande: 0,
  invalida: 0,
  horario: 0,
  desconhecido: 0,
  topico: 0,
});

/** One device's refusals of one reason since the last flush. */
export interface RefusalDelta {
  deviceId: number;
  reason: RefusalReason;
  count: number;
  /** Epoch seconds of the latest. */
  lastAt: number;
}

/**
 * Refused messages: this node's totals since it started (for `/api/health`)
 * and each device's count waiting to be added to the store's
 * (`store/ingest/refusals.ts`), where every node adds its own.
 */
export class Refusals {
  private readonly totals = noRefusals();
  private pending = new Map<string, RefusalDelta>();

  count(deviceId: number | undefined, reason: RefusalReason, now: number, count = 1): void {
    this.totals[reason] += count;
    const at = Math.floor(now);
    if (deviceId === undefined || !Number.isSafeInteger(deviceId) || deviceId <= 0) return;
    const key = `${deviceId}:${reason}`;
    const delta = this.pending.get(key);
    if (delta) {
      delta.count += count;
      delta.lastAt = Math.max(delta.lastAt, at);
    } else {
      this.pending.set(key, { deviceId, reason, count, lastAt: at });
    }
  }

  /** What is waiting for the store; put back with `restore` when the write fails. */
  take(): RefusalDelta[] {
    const deltas = [...this.pending.values()];
    this.pending = new Map();
    return deltas;
  }

  restore(deltas: readonly RefusalDelta[]): void {
    for (const d of deltas) {
      const key = `${d.deviceId}:${d.reason}`;
      const delta = this.pending.get(key);
      if (delta) {
        delta.count += d.count;
        delta.lastAt = Math.max(delta.lastAt, d.lastAt);
      } else {
        this.pending.set(key, { ...d });
      }
    }
  }

  snapshot(): IngestRefusalCounts {
    return { ...this.totals };
  }
}
