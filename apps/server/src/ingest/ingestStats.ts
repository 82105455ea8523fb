import { INGEST_MESSAGES } from './payload.js';
import { type RefusalReason, Refusals } from './refusals.js';

export interface IngestStats {
  /** Messages accepted for writing. */
  accepted: number;
  /** Messages refused: malformed, unknown device, time out of range, overload, failed write. */
  rejected: number;
  /** Reading rows added to the history (a repeated (tag, ts) is not counted again). */
  written: number;
}

export interface IngestLogger {
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export type RejectReason = keyof typeof INGEST_MESSAGES;

/** The refusals for good, counted per device; an overload is no refusal (sent again). */
const REFUSAL_OF: Partial<Record<RejectReason, RefusalReason>> = {
  tooBig: 'grande',
  invalidPayload: 'invalida',
  tsOutOfRange: 'horario',
  unknownDevice: 'desconhecido',
  wrongTopic: 'topico',
};

const LOG_EVERY_S = 10;

/**
 * The ingest's counters, its refusals per device (`refusals`), and its refusals
 * logged at most every 10 s per reason (with how many were left out) so a
 * misbehaving device cannot flood the log.
 */
export class IngestCounters {
  readonly stats: IngestStats = { accepted: 0, rejected: 0, written: 0 };
  readonly refusals = new Refusals();
  private readonly lastLogged = new Map<string, { at: number; suppressed: number }>();

  constructor(
    private readonly log: IngestLogger,
    private readonly now: () => number,
  ) {}

  reject(reason: RejectReason, detail: { deviceId?: number; [field: string]: unknown }, count = 1) {
    this.stats.rejected += count;
    const t = this.now();
    const refusal = REFUSAL_OF[reason];
    if (refusal) this.refusals.count(detail.deviceId, refusal, t, count);
    const last = this.lastLogged.get(reason);
    if (last && t - last.at < LOG_EVERY_S) {
      last.suppressed += count;
      return;
    }
    this.lastLogged.set(reason, { at: t, suppressed: 0 });
    this.log.warn(
      { ...detail, motivo: reason, omitidas: last?.suppressed ?? 0 },
      `ingestão: mensagem recusada: ${INGEST_MESSAGES[reason]}`,
    );
  }

  snapshot(): IngestStats {
    return { ...this.stats };
  }
}

export const consoleLogger: IngestLogger = {
  warn: (obj, msg) => console.warn(msg, obj),
  error: (obj, msg) => console.error(msg, obj),
};
