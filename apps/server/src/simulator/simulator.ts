import { type Publish, toPublish } from '../alarms/publish.js';
import type { Ingest } from '../ingest/ingest.js';
import { buildFleet, silentDeviceIds } from '../seed/fleet.js';
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
  /** Where `command.status` events go when the simulated devices answer commands. */
  publish?: Publish;
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
export const COMMAND_STATUS = { queued: 0, acknowledged: 1, finished: 2, failed: 3 } as const;

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
  const publish = toPublish(opts.publish);
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
      // The first step after a start reports everything at once.
    }
    const t = Math.floor(now());
    const dt = Math.min(MAX_STEP_S, t - state.lastT);
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
    await answerCommands(t);
  }

  /**
   * The simulated devices answer queued commands like real controllers:
   * acknowledged (1) on the next step, then finished (2) or failed (3, not
   * supported) after COMMAND_EXECUTION_S. Silent devices leave them queued.
   */
  async function answerCommands(t: number): Promise<void> {
    if (!state) return;
    const { model, silent, systemOf } = state;
    const ids = state.devices.map((d) => d.id).filter((id) => !silent.has(id));
    if (ids.length === 0) return;
    const open = await store.db
      .selectFrom('commands')
      .leftJoin('command_types', 'command_types.id', 'commands.command_type_id')
      .select([
        'commands.id',
        'commands.device_id',
        'commands.status_web_id',
        'commands.comando',
        'commands.updated_at',
        'command_types.parameter_id',
        'command_types.comando as tipo_comando',
      ])
      .where('commands.status_web_id', 'in', [COMMAND_STATUS.queued, COMMAND_STATUS.acknowledged])
      .where('commands.device_id', 'in', ids)
      .orderBy('commands.id')
      .execute();
    for (const c of open) {
      let status: number;
      if (c.status_web_id === COMMAND_STATUS.queued) {
        status = COMMAND_STATUS.acknowledged;
      } else if (t - c.updated_at >= COMMAND_EXECUTION_S) {
        const body = parseJson<{ parameter_id?: unknown; comando?: unknown }>(c.comando, {});
        const parameterId = Number(body.parameter_id ?? c.parameter_id);
        const value = Number(body.comando ?? c.tipo_comando);
        const done =
          Number.isFinite(parameterId) &&
          Number.isFinite(value) &&
          model.applyCommand(c.device_id, parameterId, value);
        status = done ? COMMAND_STATUS.finished : COMMAND_STATUS.failed;
      } else {
        continue;
      }
      const updated = await store.db
        .updateTable('commands')
        .set({ status_web_id: status, updated_at: t })
        .where('id', '=', c.id)
        .where('status_web_id', '=', c.status_web_id)
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) === 0) continue;
      publish({
        type: 'command.status',
        sisId: systemOf.get(c.device_id) ?? 0,
        deviceId: c.device_id,
        commandId: c.id,
        statusWebId: status,
      });
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

  return {
    tick,
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      await running;
    },
  };
}
