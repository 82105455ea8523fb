import type { Kysely } from 'kysely';
import type { VigiaEvent } from '../events/types.js';
import {
  clearAlarms,
  currentValuesOf,
  foldRepeat,
  type InsertedOccurrence,
  insertOccurrence,
  loadAlarmRules,
  loadRuleOverrides,
  openAlarmsOf,
  silentDevices,
} from '../store/alarms/engineStore.js';
import type { Store } from '../store/database.js';
import type { Database } from '../store/schema.js';
import { type Publish, toPublish } from './publish.js';
import {
  type CompiledRule,
  compileRule,
  conditionHolds,
  type RuleOverrideRow,
  withOverride,
} from './rules.js';

export { acknowledgeOccurrences } from '../store/occurrences/acknowledge.js';
export type { Publish } from './publish.js';

/** What the engine needs to know about a device. */
export interface AlarmDevice {
  id: number;
  systemId: number;
  templateId: number;
  /** Newest reading time before the readings being evaluated (null: never communicated). */
  lastSeenAt: number | null;
}

/**
 * Readings of several messages, column-wise: message `i` is from `devices[i]`
 * at `ts[i]`, with readings `names[k]` = `values[k]` for k in [start[i], end[i]).
 */
export interface ReadingsBatch {
  devices: readonly AlarmDevice[];
  ts: readonly number[];
  start: readonly number[];
  end: readonly number[];
  names: readonly string[];
  values: readonly number[];
}

export interface AlarmEngine {
  /**
   * Loads the rules, open alarms and event states of devices the engine has
   * not seen yet. Call it before the readings are written: event rules start
   * from the current values as they were.
   */
  prepare(devices: readonly AlarmDevice[]): Promise<void>;
  /** Applies the rules to readings (oldest first per device), writes occurrences, publishes events. */
  evaluate(batch: ReadingsBatch): Promise<void>;
  /** Forgets cached rules and states (after rules change). */
  reset(): void;
  /**
   * Rules changed (administration): a model's (`templateId`) or a device's
   * overrides (`deviceId`). Taken at the start of the next evaluation, after the
   * one in flight has stored what it loaded, so no stale load outlives it.
   */
  invalidate(change: AlarmRulesChange): void;
}

export interface AlarmRulesChange {
  templateId?: number;
  deviceId?: number;
}

interface TemplateRules {
  rules: CompiledRule[];
  /** Reading name → positions in `rules` of the rules on it. */
  byTag: Map<string, number[]>;
  /** Rule id → its position in `rules`. */
  slotOf: Map<number, number>;
  communication: CompiledRule[];
}

/**
 * A device's rule states, one slot per rule of its template in template order:
 * two small arrays, not a map of objects (20k devices × a dozen rules held
 * 30 MB of the heap that way). Plain arrays: a typed array this small costs
 * more in its buffer object than in its numbers.
 */
interface DeviceState {
  templateId: number;
  /** The device's own copy of its template's rules, when it overrides some (same slots). */
  rules?: TemplateRules;
  /** On-delay: since when a delayed alarm's condition holds (NaN: it does not); made when needed. */
  since?: number[];
  /** Alarm: open; event: its condition held at the last evaluation (1 or 0). */
  active: number[];
  /** Time of the last reading evaluated (-Infinity: none yet). */
  lastTs: number[];
}

function emptyState(templateId: number, rules: number): DeviceState {
  return {
    templateId,
    active: Array.from({ length: rules }, () => 0),
    lastTs: Array.from({ length: rules }, () => Number.NEGATIVE_INFINITY),
  };
}

type Action =
  | { kind: 'open'; device: AlarmDevice; rule: CompiledRule; ts: number; value: number }
  | { kind: 'event'; device: AlarmDevice; rule: CompiledRule; ts: number; value: number }
  | { kind: 'clear'; device: AlarmDevice; rule: CompiledRule; ts: number }
  | { kind: 'clearCommunication'; device: AlarmDevice; ruleIds: number[]; ts: number };

const CHUNK = 500;

/**
 * ISA-18.2 alarm handling on incoming readings. An alarm opens when its
 * condition starts to hold (hora_ativacao, valor_falha) and clears when it
 * stops (hora_desativacao); acknowledgement is separate (acknowledgeOccurrences),
 * so an alarm goes active-unacknowledged → active-acknowledged or
 * cleared-unacknowledged → normal. Events (is_evt) are single records written
 * when their condition starts to hold. The database keeps at most one open
 * alarm per device and rule, so several ingest nodes cannot duplicate one.
 */
export interface AlarmEngineOptions {
  store: Store;
  publish?: Publish;
  /**
   * Chattering suppression: an alarm raised again at most this many seconds
   * after it cleared, not acknowledged yet, is the same occurrence active again
   * with its repeat count one higher (0: off, the default).
   */
  chatterWindowSeconds?: number;
  /** Wall clock in epoch seconds (tests): a shelf still running is inherited. */
  now?: () => number;
}

export function createAlarmEngine(opts: AlarmEngineOptions): AlarmEngine {
  const { store } = opts;
  // Its own connections on PostgreSQL: an alarm never waits behind the lists and the ingest.
  const db = store.alarms;
  const chatterWindow = Math.max(0, opts.chatterWindowSeconds ?? 0);
  const now = opts.now ?? (() => Date.now() / 1000);
  const publish = toPublish(opts.publish);
  const templates = new Map<number, TemplateRules>();
  const devices = new Map<number, DeviceState>();
  let invalidations: AlarmRulesChange[] = [];

  function applyInvalidations() {
    if (invalidations.length === 0) return;
    const changes = invalidations;
    invalidations = [];
    const changedTemplates = new Set<number>();
    for (const c of changes) {
      if (c.templateId !== undefined) changedTemplates.add(c.templateId);
      if (c.deviceId !== undefined) devices.delete(c.deviceId);
    }
    if (changedTemplates.size === 0) return;
    for (const id of changedTemplates) templates.delete(id);
    // Their states are reloaded with the template: open alarms come back from the database.
    for (const [id, state] of devices)
      if (changedTemplates.has(state.templateId)) devices.delete(id);
  }

  async function loadTemplates(ids: number[]) {
    const missing = [...new Set(ids)].filter((id) => !templates.has(id));
    if (missing.length === 0) return;
    const rows = await loadAlarmRules(db, missing);
    for (const id of missing) {
      templates.set(id, { rules: [], byTag: new Map(), slotOf: new Map(), communication: [] });
    }
    for (const row of rows) {
      const t = templates.get(row.template_id);
      if (t) addRule(t, compileRule(row));
    }
  }

  /** A template's rules with a device's overrides, in the template's slots. */
  function withOverrides(t: TemplateRules, own: readonly RuleOverrideRow[]): TemplateRules {
    const byRule = new Map(own.map((o) => [o.rule_id, o]));
    const copy: TemplateRules = {
      rules: [],
      byTag: new Map(),
      slotOf: new Map(),
      communication: [],
    };
    for (const rule of t.rules) {
      const o = byRule.get(rule.id);
      addRule(copy, o ? withOverride(rule, o) : rule);
    }
    return copy;
  }

  async function prepare(list: readonly AlarmDevice[]) {
    applyInvalidations();
    const fresh = list.filter((d) => {
      const known = devices.get(d.id);
      return !known || known.templateId !== d.templateId;
    });
    if (fresh.length === 0) return;
    await loadTemplates(fresh.map((d) => d.templateId));
    for (let i = 0; i < fresh.length; i += CHUNK) {
      const chunk = fresh.slice(i, i + CHUNK);
      const ids = chunk.map((d) => d.id);
      const open = await openAlarmsOf(db, ids);
      const eventTags = new Set<string>();
      for (const d of chunk) {
        for (const r of templates.get(d.templateId)?.rules ?? []) {
          if (r.isEvent && r.tag !== null) eventTags.add(r.tag);
        }
      }
      const current = groupByDevice(await currentValuesOf(db, ids, [...eventTags]));
      const openOf = groupByDevice(open);
      const overridesOf = groupByDevice(await loadRuleOverrides(db, ids));
      for (const d of chunk) {
        const own = overridesOf.get(d.id);
        const template = templates.get(d.templateId);
        const t = template && own ? withOverrides(template, own) : template;
        const rules = t?.rules ?? [];
        const state = emptyState(d.templateId, rules.length);
        if (own && t) state.rules = t;
        for (const o of openOf.get(d.id) ?? []) {
          // An alarm of a rule the template no longer has is never evaluated again.
          const slot = o.rule_id === null ? undefined : t?.slotOf.get(o.rule_id);
          if (slot === undefined) continue;
          state.active[slot] = 1;
          state.lastTs[slot] = o.hora_ativacao;
        }
        const values = current.get(d.id) ?? [];
        rules.forEach((r, slot) => {
          if (!r.isEvent || r.tag === null) return;
          const cv = values.find((c) => c.nome === r.tag);
          if (!cv) return;
          state.active[slot] = conditionHolds(r, cv.valor, false) ? 1 : 0;
          state.lastTs[slot] = cv.ts;
        });
        devices.set(d.id, state);
      }
    }
  }

  function decide(batch: ReadingsBatch): Action[] {
    const actions: Action[] = [];
    const order = batch.devices.map((_, i) => i);
    order.sort(
      (a, b) =>
        (batch.devices[a] as AlarmDevice).id - (batch.devices[b] as AlarmDevice).id ||
        (batch.ts[a] as number) - (batch.ts[b] as number),
    );
    let previousDevice = -1;
    for (const i of order) {
      const device = batch.devices[i] as AlarmDevice;
      const ts = batch.ts[i] as number;
      const state = devices.get(device.id);
      const t = state?.rules ?? templates.get(device.templateId);
      if (!state || !t) continue;
      if (device.id !== previousDevice) {
        previousDevice = device.id;
        // Data after a silence long enough for a communication alarm clears it. A device
        // never heard from has none to clear (silentDevices leaves it out): no query for
        // each device of a new fleet's first messages.
        const lastSeen = device.lastSeenAt;
        const silent =
          lastSeen === null ? [] : t.communication.filter((r) => ts - lastSeen >= r.limit);
        if (silent.length > 0) {
          actions.push({
            kind: 'clearCommunication',
            device,
            ruleIds: silent.map((r) => r.id),
            ts,
          });
        }
      }
      const end = batch.end[i] as number;
      for (let k = batch.start[i] as number; k < end; k++) {
        const slots = t.byTag.get(batch.names[k] as string);
        if (!slots) continue;
        const value = batch.values[k] as number;
        for (const slot of slots) {
          const rule = t.rules[slot] as CompiledRule;
          if (ts < (state.lastTs[slot] as number)) continue; // a late reading does not rewrite history
          state.lastTs[slot] = ts;
          const active = state.active[slot] === 1;
          const holds = conditionHolds(rule, value, active);
          if (rule.delay > 0 && !onDelayPassed(state, slot, rule.delay, holds && !active, ts)) {
            continue;
          }
          if (holds === active) continue;
          state.active[slot] = holds ? 1 : 0;
          if (rule.isEvent) {
            if (holds) actions.push({ kind: 'event', device, rule, ts, value });
          } else {
            actions.push(
              holds
                ? { kind: 'open', device, rule, ts, value }
                : { kind: 'clear', device, rule, ts },
            );
          }
        }
      }
    }
    return actions;
  }

  async function apply(actions: Action[]): Promise<VigiaEvent[]> {
    const events: VigiaEvent[] = [];
    const wallClock = Math.floor(now());
    await db.transaction().execute(async (trx) => {
      for (const a of actions) {
        const sisId = a.device.systemId;
        const deviceId = a.device.id;
        if (a.kind === 'open' || a.kind === 'event') {
          const opened =
            (a.kind === 'open'
              ? await foldRepeat(trx, {
                  systemId: sisId,
                  deviceId,
                  ruleId: a.rule.id,
                  ts: a.ts,
                  windowS: chatterWindow,
                })
              : null) ?? (await insertRaised(trx, a, wallClock));
          if (opened) events.push(openedEvent(a.device, opened, a.rule.critico));
        } else {
          const ids = await clearAlarms(trx, {
            systemId: sisId,
            deviceId,
            ruleIds: a.kind === 'clear' ? [a.rule.id] : a.ruleIds,
            ts: a.ts,
          });
          for (const id of ids)
            events.push({ type: 'occurrence.cleared', sisId, deviceId, occurrenceId: id });
        }
      }
    });
    return events;
  }

  return {
    prepare,
    async evaluate(batch) {
      await prepare(uniqueDevices(batch.devices));
      const actions = decide(batch);
      if (actions.length === 0) return;
      let events: VigiaEvent[];
      try {
        events = await apply(actions);
      } catch (err) {
        // The cached states no longer match the database: reload them next time.
        for (const a of actions) devices.delete(a.device.id);
        throw err;
      }
      for (const e of events) publish(e);
    },
    reset() {
      templates.clear();
      devices.clear();
      invalidations = [];
    },
    invalidate(change) {
      invalidations.push(change);
    },
  };
}

function addRule(t: TemplateRules, rule: CompiledRule) {
  const slot = t.rules.push(rule) - 1;
  t.slotOf.set(rule.id, slot);
  if (rule.kind === 'communication') t.communication.push(rule);
  else if (rule.tag !== null) {
    const slots = t.byTag.get(rule.tag) ?? [];
    slots.push(slot);
    t.byTag.set(rule.tag, slots);
  }
}

/**
 * On-delay (ISA-18.2): whether an alarm whose condition would open it (`rising`)
 * has held it for `delay` seconds of reading time; the first reading where it holds
 * starts the wait, one where it does not ends it. Only `rising` readings are held back.
 */
function onDelayPassed(
  state: DeviceState,
  slot: number,
  delay: number,
  rising: boolean,
  ts: number,
): boolean {
  if (!rising) {
    if (state.since) state.since[slot] = Number.NaN;
    return true;
  }
  state.since ??= state.active.map(() => Number.NaN);
  const since = state.since[slot] as number;
  if (Number.isNaN(since)) {
    state.since[slot] = ts;
    return false;
  }
  if (ts - since < delay) return false;
  state.since[slot] = Number.NaN;
  return true;
}

function groupByDevice<T extends { device_id: number }>(rows: readonly T[]): Map<number, T[]> {
  const out = new Map<number, T[]>();
  for (const row of rows) {
    const list = out.get(row.device_id);
    if (list) list.push(row);
    else out.set(row.device_id, [row]);
  }
  return out;
}

function uniqueDevices(list: readonly AlarmDevice[]): AlarmDevice[] {
  const seen = new Map<number, AlarmDevice>();
  for (const d of list) if (!seen.has(d.id)) seen.set(d.id, d);
  return [...seen.values()];
}

/** Inserts an alarm (unless one is open already) or an event. */
function insertRaised(
  db: Kysely<Database>,
  a: { kind: 'open' | 'event'; device: AlarmDevice; rule: CompiledRule; ts: number; value: number },
  now: number,
): Promise<InsertedOccurrence | null> {
  return insertOccurrence(db, {
    systemId: a.device.systemId,
    deviceId: a.device.id,
    ruleId: a.rule.id,
    critico: a.rule.critico,
    isEvent: a.kind === 'event',
    ts: a.ts,
    nome: a.rule.nome,
    value: a.value,
    now,
  });
}

/** `occurrence.opened`; `suprimido` when the alarm is shelved or its device out of service. */
function openedEvent(device: AlarmDevice, o: InsertedOccurrence, critico: number): VigiaEvent {
  return {
    type: 'occurrence.opened',
    sisId: device.systemId,
    deviceId: device.id,
    occurrenceId: o.id,
    critico,
    ...(o.suppressed ? { suprimido: true } : {}),
  };
}

/**
 * Opens a communication alarm for every device silent for longer than its
 * template's communication rule allows (hora_ativacao = when the silence
 * crossed the limit, valor_falha = minutes without data). Devices that never
 * communicated have nothing to lose and are left alone. Returns how many opened.
 */
export async function sweepCommunication(
  store: Store,
  opts: { publish?: Publish; now?: number } = {},
): Promise<{ opened: number }> {
  const publish = toPublish(opts.publish);
  const now = Math.floor(opts.now ?? Date.now() / 1000);
  const silent = await silentDevices(store.db, now);
  const events: VigiaEvent[] = [];
  for (const s of silent) {
    const lastSeen = s.lastSeenAt ?? now;
    const limit = s.limit ?? 0;
    const rule: CompiledRule = {
      id: s.ruleId,
      templateId: 0,
      kind: 'communication',
      tag: null,
      operator: null,
      limit,
      deadband: 0,
      bit: 0,
      critico: s.critico,
      isEvent: false,
      nome: s.nome,
      delay: 0,
    };
    const device = { id: s.deviceId, systemId: s.systemId, templateId: 0, lastSeenAt: lastSeen };
    const opened = await store.alarms.transaction().execute((trx) =>
      insertRaised(
        trx,
        {
          kind: 'open',
          device,
          rule,
          ts: Math.floor(lastSeen + limit),
          value: Math.round((now - lastSeen) / 60),
        },
        now,
      ),
    );
    if (opened) events.push(openedEvent(device, opened, s.critico));
  }
  for (const e of events) publish(e);
  return { opened: events.length };
}
