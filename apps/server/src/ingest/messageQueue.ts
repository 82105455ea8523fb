import type { OnOutcome, Outcome } from './outcome.js';

/**
 * Queued messages, column-wise: message `i` < `messages` (device, ts, qos,
 * who to tell) owns readings [start[i], start[i + 1]) of `names`/`values`,
 * `readings` in all. Copying the readings out of the parsed payload at once
 * lets the payload die young, and the arrays are reused (overwritten, never
 * shrunk): at 100,000 readings/s, fresh arrays per batch would pile up in the
 * old generation.
 */
export class MessageQueue {
  deviceIds: number[] = [];
  ts: number[] = [];
  qos: number[] = [];
  start: number[] = [];
  names: string[] = [];
  values: number[] = [];
  onOutcome: (OnOutcome | undefined)[] = [];
  messages = 0;
  readings = 0;
  /** Messages [0, evaluated) have been handed to the alarm engine. */
  evaluated = 0;
  /** The alarm engine failed on some of them: the batch is not stored (it comes again). */
  alarmsFailed = false;

  add(
    deviceId: number,
    ts: number,
    qos: number,
    leituras: Record<string, number>,
    onOutcome: OnOutcome | undefined,
  ) {
    const m = this.messages++;
    this.onOutcome[m] = onOutcome;
    this.deviceIds[m] = deviceId;
    this.ts[m] = ts;
    this.qos[m] = qos;
    this.start[m] = this.readings;
    for (const name in leituras) {
      const r = this.readings++;
      this.names[r] = name;
      this.values[r] = leituras[name] as number;
    }
    this.start[m + 1] = this.readings;
  }

  /** Tells message `m`'s sender what became of it (once). */
  settle(m: number, outcome: Outcome) {
    const onOutcome = this.onOutcome[m];
    if (!onOutcome) return;
    this.onOutcome[m] = undefined;
    onOutcome(outcome);
  }

  /** Settles every message not settled yet. */
  settleAll(outcome: Outcome) {
    for (let m = 0; m < this.messages; m++) this.settle(m, outcome);
  }

  clear() {
    this.onOutcome.fill(undefined, 0, this.messages);
    this.messages = 0;
    this.readings = 0;
    this.evaluated = 0;
    this.alarmsFailed = false;
  }
}
