import type { DeviceCommandLink } from '../commands/transport.js';
import type { Ingest } from '../ingest/ingest.js';
import { buildFleet, silentDeviceIds } from '../seed/fleet.js';
import type { CommandMessage } from '../store/commands/commandStore.js';
import type { Store } from '../store/database.js';
import { parseJson } from '../store/json.js';
import { FleetModel, type ModelDevice, type Readings } from './model.js';

export interface SimulatorOptions {
  store: Store;
  ingest: Ingest;
  seed: number;
  /** Step period (default 5000 ms); 0 or less: no timer, step with `tick()`. */
  intervalMs?: number;
  /** Clock in epoch seconds (tests). */
  now?: () => number;
  /**
   * The devices' end of command delivery (MQTT or in process): the simulated
   * devices hear their commands and answer on their status topic, as real ones.
   */
  commands?: DeviceCommandLink;
}

export interface Simulator {
  /** Steps the fleet to `now()`, submits the readings due and waits until they are written. */
  tick(): Promise<void>;
  stop(): Promise<void>;
}

/** How often a device reports (seconds); meters report less often. */
export const REPORT_PERIOD_S = 60;
export const METER_REPORT_PERIOD_S = 300;
/** Longest step the model takes at once after a pause. */
const MAX_STEP_S = 900;
/** A device confirms a command (status 1) at once and finishes it (2 or 3) this much later. */
export const COMMAND_EXECUTION_S = 2;

/**
 * Runs the demo fleet live: the fleet model steps every `intervalMs` and each
 * device publishes its readings every minute (meters every five) through the
 * ingest, exactly as a real device would. Offline and never-communicating
 * devices stay silent. Deterministic for a seed and a sequence of clock values;
 * it resumes counters (energy, hours, tank levels) from the current values.
 */
export function startSimulator(opts: SimulatorOptions): Simulator {
  const { store, ingest } = opts;
  const now = opts.now ?? (() => Date.now() / 1000);
  const intervalMs = opts.intervalMs ?? 5000;
  /** Commands heard and acknowledged, waiting for their execution. */
  const pending: { deviceId: number; message: CommandMessage; at: number }[] = [];
  /** Ids already heard: a command published again (after a server restart) runs once. */
  const heard = new Set<number>();
  /** Heard before the first step knew the fleet. */
  const early: [number, CommandMessage][] = [];
  let state: {
    model: FleetModel;
    devices: ModelDevice[];
    systemOf: Map<number, number>;
    silent: Set<number>;
    lastT: number;
  } | null = null;
  const lastReport = new Map<number, number>();
  let running: Promise<void> = Promise.resolve();
  let stopped = false;
  let busy = false;

  async function init() {
    const fleet = buildFleet();
    const present = await store.db
      .selectFrom('devices')
      .select(['id', 'tipo', 'params', 'system_id'])
      .execute();
    const byId = new Map(present.map((d) => [d.id, d]));
    const devices: ModelDevice[] = fleet.devices
      .filter((d) => byId.has(d.id))
      .map((d) => ({
        id: d.id,
        tipo: d.tipo,
        site: d.site,
        params: parseJson<Record<string, number | string>>(byId.get(d.id)?.params, d.params),
        modem: d.modem,
        ...(d.lateDelivery ? { lateDelivery: d.lateDelivery } : {}),
        ...(d.loadProfile ? { loadProfile: d.loadProfile } : {}),
      }));
    const resume = new Map<number, Readings>();
    if (devices.length > 0) {
      const rows = await store.db
        .selectFrom('current_values')
        .innerJoin('tags', 'tags.id', 'current_values.tag_id')
        .select(['tags.device_id', 'tags.nome', 'current_values.valor'])
        .where(
          'tags.device_id',
          'in',
          devices.map((d) => d.id),
        )
        .execute();
      for (const r of rows) {
        const readings = resume.get(r.device_id) ?? {};
        readings[r.nome] = r.valor;
        resume.set(r.device_id, readings);
      }
    }
    return {
      model: new FleetModel(devices, opts.seed, resume),
      devices,
      systemOf: new Map(present.map((d) => [d.id, d.system_id])),
      silent: silentDeviceIds(fleet),
      lastT: Math.floor(now()),
    };
  }

  async function step(): Promise<void> {
    if (!state) {
      state = await init();
      for (const [deviceId, message] of early.splice(0)) hear(deviceId, message);
      // The first step after a start reports everything at once.
    }
    const t = Math.floor(now());
    const dt = Math.min(MAX_STEP_S, t - state.lastT);
    executeCommands(t);
    const readings = dt > 0 || lastReport.size === 0 ? state.model.step(t, Math.max(1, dt)) : null;
    state.lastT = Math.max(state.lastT, t);
    if (readings) {
      for (const device of state.devices) {
        if (state.silent.has(device.id)) continue;
        const period = device.tipo === 'medidor' ? METER_REPORT_PERIOD_S : REPORT_PERIOD_S;
        const previous = lastReport.get(device.id);
        // Devices report on their own phase so the load spreads over the period.
        const slot = Math.floor((t + (device.id % period)) / period);
        if (previous !== undefined && previous === slot) continue;
        const leituras = readings.get(device.id);
        if (!leituras || Object.keys(leituras).length === 0) continue;
        lastReport.set(device.id, slot);
        ingest.submit(device.id, { ts: t, leituras });
      }
    }
    await ingest.flush();
  }

  const answer = (deviceId: number, id: number, statusWebId: 1 | 2 | 3) => {
    opts.commands
      ?.answer(deviceId, { id, statusWebId })
      .catch((err: unknown) => console.error('[simulador] resposta de comando falhou', err));
  };

  /**
   * A device hears its command: acknowledged (1) at once, executed on the first
   * step COMMAND_EXECUTION_S later. Silent devices never answer.
   */
  function hear(deviceId: number, message: CommandMessage): void {
    if (stopped) return;
    if (!state) {
      early.push([deviceId, message]);
      return;
    }
    if (state.silent.has(deviceId) || !state.systemOf.has(deviceId)) return;
    if (!Number.isSafeInteger(message?.id) || heard.has(message.id)) return;
    heard.add(message.id);
    pending.push({ deviceId, message, at: Math.floor(now()) });
    answer(deviceId, message.id, 1);
  }

  /** Finished (2) when the model supports the command, else failed (3); the device reports at once. */
  function executeCommands(t: number): void {
    if (!state) return;
    for (let i = 0; i < pending.length; ) {
      const c = pending[i] as (typeof pending)[number];
      if (t - c.at < COMMAND_EXECUTION_S) {
        i++;
        continue;
      }
      pending.splice(i, 1);
      const { parameter_id: parameterId, comando: value } = c.message;
      const done =
        Number.isFinite(parameterId) &&
        Number.isFinite(value) &&
        state.model.applyCommand(c.deviceId, parameterId, value);
      if (done) lastReport.delete(c.deviceId);
      answer(c.deviceId, c.message.id, done ? 2 : 3);
    }
  }

  function tick(): Promise<void> {
    const run = running.then(step);
    running = run.catch((err: unknown) => console.error('[simulador] falha num passo', err));
    return run;
  }

  const timer =
    intervalMs > 0
      ? setInterval(() => {
          // A slow step is not queued behind itself: the next one covers the gap.
          if (stopped || busy) return;
          busy = true;
          void tick()
            .catch(() => {})
            .finally(() => {
              busy = false;
            });
        }, intervalMs)
      : null;
  timer?.unref();

  opts.commands?.onCommand(hear);

  return {
    tick,
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      await running;
    },
  };
}
