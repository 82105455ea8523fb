import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { VigiaEvent } from '../events/types.js';
import { createIngest, type Ingest } from '../ingest/ingest.js';
import { createFixture, type Fixture } from '../ingest/testFixture.js';
import { setDeviceService } from '../store/alarms/outOfService.js';
import { shelveOccurrences } from '../store/alarms/shelving.js';
import type { Store } from '../store/database.js';
import { openTestStore, testStoreAvailable } from '../store/testStore.js';
import { acknowledgeOccurrences } from './engine.js';

const available = await testStoreAvailable();
const silent = { warn: () => {}, error: () => {} };
const WINDOW = 60;
/** OilTemp > 100 raises, ≤ 95 clears (fixture rule, deadband 5). */
const HOT = 120;
const COOL = 90;

describe.skipIf(!available)('alarm engine: chattering, shelves and out of service', () => {
  let store: Store;
  let fx: Fixture;
  let events: VigiaEvent[];
  let clock: number;
  let ingest: Ingest;

  const startIngest = (chatterWindowSeconds: number) => {
    ingest = createIngest({
      store,
      publish: (e) => events.push(e),
      batchMs: 60_000,
      now: () => clock,
      log: silent,
      chatterWindowSeconds,
    });
  };
  const send = async (ts: number, oil: number, deviceId = fx.deviceId) => {
    ingest.submit(deviceId, { ts, leituras: { OilTemp: oil } });
    await ingest.flush();
  };
  const oilAlarms = (deviceId = fx.deviceId) =>
    store.db
      .selectFrom('occurrences')
      .selectAll()
      .where('device_id', '=', deviceId)
      .where('rule_id', '=', fx.rules.oilTemp)
      .orderBy('id')
      .execute();
  const auditOf = (id: number) =>
    store.db
      .selectFrom('audit_log')
      .select(['action', 'ts', 'user_id'])
      .where('entity', '=', 'occurrence')
      .where('entity_id', '=', String(id))
      .orderBy('id')
      .execute();
  /** Alternates hot/cool every `step` seconds from `t`, `raises` times; the last reading is cool. */
  const chatter = async (t: number, raises: number, step: number) => {
    for (let i = 0; i < raises; i++) {
      await send(t + 2 * i * step, HOT);
      await send(t + (2 * i + 1) * step, COOL);
    }
  };

  beforeAll(async () => {
    store = await openTestStore();
  });
  afterAll(async () => {
    await store?.close();
  });
  beforeEach(async () => {
    fx = await createFixture(store);
    events = [];
    clock = fx.t0 + 3000;
  });
  afterEach(async () => {
    await ingest?.close();
  });

  it('folds raises inside the window into one occurrence and keeps their count', async () => {
    startIngest(WINDOW);
    const t = fx.t0;
    await chatter(t, 5, 5);
    const [only, ...rest] = await oilAlarms();
    expect(rest).toEqual([]);
    if (!only) throw new Error('no alarm');
    expect(only).toMatchObject({
      hora_ativacao: t,
      hora_desativacao: t + 45,
      repeat_count: 4,
      hora_ack: null,
    });
    const opened = events.filter((e) => e.type === 'occurrence.opened');
    expect(opened).toHaveLength(5);
    expect(new Set(opened.map((e) => e.type === 'occurrence.opened' && e.occurrenceId))).toEqual(
      new Set([only.id]),
    );
    const audit = (await auditOf(only.id)).map((a) => a.action);
    expect(audit).toEqual([
      'occurrence.raise',
      'occurrence.clear',
      ...Array.from({ length: 4 }, () => ['occurrence.repeat', 'occurrence.clear']).flat(),
    ]);

    // Past the window it is a new alarm, counted once.
    await send(t + 45 + WINDOW + 1, HOT);
    const after = await oilAlarms();
    expect(after.map((o) => [o.repeat_count, o.hora_desativacao])).toEqual([
      [4, t + 45],
      [0, null],
    ]);
  });

  it('opens a new occurrence when the previous one was acknowledged, or with the window off', async () => {
    startIngest(WINDOW);
    const t = fx.t0;
    await chatter(t, 1, 5);
    const [first] = await oilAlarms();
    if (!first) throw new Error('no alarm');
    await acknowledgeOccurrences(store, {
      ids: [first.id],
      userId: fx.userId,
      allowedSystemIds: [fx.systemId],
      now: t + 12,
    });
    await send(t + 15, HOT);
    expect((await oilAlarms()).map((o) => o.repeat_count)).toEqual([0, 0]);

    await ingest.close();
    startIngest(0);
    await chatter(t + 30, 3, 5);
    const others = await oilAlarms();
    expect(others).toHaveLength(2 + 2);
  });

  it('a new raise of a shelved alarm is born shelved, and not annunciated', async () => {
    startIngest(WINDOW);
    const t = fx.t0;
    await send(t, HOT);
    const [first] = await oilAlarms();
    if (!first) throw new Error('no alarm');
    const { shelved, until } = await shelveOccurrences(store, {
      ids: [first.id],
      userId: fx.userId,
      allowedSystemIds: [fx.systemId],
      reason: 'Sensor em manutenção',
      durationSeconds: 3600,
      now: clock,
    });
    expect(shelved).toEqual([first.id]);
    await send(t + 10, COOL);
    // Outside the chatter window: a new occurrence, shelved as the alarm is.
    await send(t + 10 + WINDOW + 5, HOT);
    const [, second] = await oilAlarms();
    expect(second).toMatchObject({
      shelved_until: until,
      shelved_by: fx.userId,
      shelve_reason: 'Sensor em manutenção',
      repeat_count: 0,
      hora_desativacao: null,
    });
    expect(events).toContainEqual(
      expect.objectContaining({
        type: 'occurrence.opened',
        occurrenceId: second?.id,
        suprimido: true,
      }),
    );
    // Another device's alarm of the same rule is not shelved.
    await send(t + 100, HOT, fx.otherDeviceId);
    const [other] = await oilAlarms(fx.otherDeviceId);
    expect(other?.shelved_until).toBeNull();
  });

  it('flags alarms of a device out of service, and clears the flag when it is put back', async () => {
    startIngest(WINDOW);
    const t = fx.t0;
    await send(t, HOT);
    const out = await setDeviceService(store, {
      deviceId: fx.deviceId,
      allowedSystemIds: [fx.systemId],
      userId: fx.userId,
      outOfService: true,
      reason: 'Troca do radiador',
      now: t + 5,
    });
    const [first] = await oilAlarms();
    expect(out).toEqual({ changed: true, occurrenceIds: [first?.id] });
    expect(first?.out_of_service).toBe(1);
    // A new alarm while out of service is flagged too (alarmesGMG bit 1: start failure).
    ingest.submit(fx.deviceId, { ts: t + 10, leituras: { alarmesGMG: 1 } });
    await ingest.flush();
    const failure = await store.db
      .selectFrom('occurrences')
      .select(['id', 'out_of_service'])
      .where('device_id', '=', fx.deviceId)
      .where('rule_id', '=', fx.rules.startFailure)
      .executeTakeFirstOrThrow();
    expect(failure.out_of_service).toBe(1);
    const back = await setDeviceService(store, {
      deviceId: fx.deviceId,
      allowedSystemIds: [fx.systemId],
      userId: fx.userId,
      outOfService: false,
      now: t + 20,
    });
    expect(back?.occurrenceIds.sort()).toEqual([first?.id, failure.id].sort());
    expect((await oilAlarms())[0]?.out_of_service).toBe(0);
  });
});
