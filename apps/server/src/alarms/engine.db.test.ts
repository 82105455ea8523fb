import { alarmState } from '@vigia/domain';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { VigiaEvent } from '../events/types.js';
import { createIngest, type Ingest } from '../ingest/ingest.js';
import {
  createFixture,
  FIXTURE_COMMUNICATION_LIMIT_S,
  type Fixture,
} from '../ingest/testFixture.js';
import { PG_POOL_SIZE, type Store } from '../store/database.js';
import { openTestStore, testStoreAvailable } from '../store/testStore.js';
import { acknowledgeOccurrences, sweepCommunication } from './engine.js';

const available = await testStoreAvailable();
const silent = { warn: () => {}, error: () => {} };

describe.skipIf(!available)('alarm engine', () => {
  let store: Store;
  let fx: Fixture;
  let ingest: Ingest;
  let events: VigiaEvent[];
  let clock: number;

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
    ingest = createIngest({
      store,
      publish: (e) => events.push(e),
      batchMs: 60_000,
      now: () => clock,
      log: silent,
    });
  });
  afterEach(async () => {
    await ingest.close();
  });

  const send = async (deviceId: number, ts: number, leituras: Record<string, number>) => {
    ingest.submit(deviceId, { ts, leituras });
    await ingest.flush();
  };
  const occurrences = (deviceId: number) =>
    store.db
      .selectFrom('occurrences')
      .selectAll()
      .where('device_id', '=', deviceId)
      .orderBy('id')
      .execute();
  const stateOf = (o: {
    is_evt: number;
    hora_desativacao: number | null;
    hora_ack: number | null;
  }) => alarmState({ isEvt: o.is_evt, horaDesativacao: o.hora_desativacao, horaAck: o.hora_ack });

  it('opens, acknowledges and clears a threshold alarm through the ISA-18.2 states', async () => {
    const t = fx.t0;
    await send(fx.deviceId, t, { OilTemp: 90 });
    expect(await occurrences(fx.deviceId)).toEqual([]);

    await send(fx.deviceId, t + 60, { OilTemp: 104.5 });
    let [alarm] = await occurrences(fx.deviceId);
    expect(alarm).toMatchObject({
      system_id: fx.systemId,
      site_id: fx.deviceId,
      rule_id: fx.rules.oilTemp,
      critico: 20,
      is_evt: 0,
      hora_ativacao: t + 60,
      hora_desativacao: null,
      hora_ack: null,
      nome_alarme: 'Alta temperatura do óleo',
      valor_falha: 104.5,
    });
    if (!alarm) throw new Error('no alarm');
    expect(stateOf(alarm)).toBe('active-unacknowledged');
    expect(events).toContainEqual({
      type: 'occurrence.opened',
      sisId: fx.systemId,
      deviceId: fx.deviceId,
      occurrenceId: alarm.id,
      critico: 20,
    });

    // Still above the limit: no second occurrence.
    await send(fx.deviceId, t + 120, { OilTemp: 108 });
    expect(await occurrences(fx.deviceId)).toHaveLength(1);

    const published: VigiaEvent[] = [];
    const ack = await acknowledgeOccurrences(store, {
      ids: [alarm.id],
      userId: fx.userId,
      allowedSystemIds: [fx.systemId],
      now: t + 150,
      publish: (e) => published.push(e),
    });
    expect(ack).toEqual({ acknowledged: [alarm.id] });
    expect(published).toEqual([
      {
        type: 'occurrence.acknowledged',
        sisId: fx.systemId,
        deviceId: fx.deviceId,
        occurrenceIds: [alarm.id],
        userId: fx.userId,
      },
    ]);
    [alarm] = await occurrences(fx.deviceId);
    if (!alarm) throw new Error('no alarm');
    expect(alarm.hora_ack).toBe(t + 150);
    expect(alarm.ack_user_id).toBe(fx.userId);
    expect(stateOf(alarm)).toBe('active-acknowledged');

    // Back under the limit but inside the deadband (5): still active.
    await send(fx.deviceId, t + 180, { OilTemp: 97 });
    [alarm] = await occurrences(fx.deviceId);
    expect(alarm?.hora_desativacao).toBeNull();

    await send(fx.deviceId, t + 240, { OilTemp: 92 });
    [alarm] = await occurrences(fx.deviceId);
    if (!alarm) throw new Error('no alarm');
    expect(alarm.hora_desativacao).toBe(t + 240);
    expect(stateOf(alarm)).toBe('normal');
    expect(events).toContainEqual({
      type: 'occurrence.cleared',
      sisId: fx.systemId,
      deviceId: fx.deviceId,
      occurrenceId: alarm.id,
    });
  });

  it.runIf(process.env.VIGIA_TEST_DB === 'postgres')(
    'raises an alarm while every connection of the main pool is taken (its own connections)',
    async () => {
      const t = fx.t0;
      // The device known to the ingest, as it is once it has reported.
      await send(fx.deviceId, t, { OilTemp: 90 });
      const raw = store.raw;
      if (raw.dialect !== 'postgres') throw new Error('PostgreSQL only');
      const held = await Promise.all(
        Array.from({ length: PG_POOL_SIZE.main }, () => raw.pool.connect()),
      );
      try {
        ingest.submit(fx.deviceId, { ts: t + 60, leituras: { OilTemp: 104.5 } });
        await expect
          .poll(() => events.filter((e) => e.type === 'occurrence.opened').length, {
            timeout: 3_000,
          })
          .toBe(1);
      } finally {
        for (const client of held) client.release();
      }
      await ingest.flush();
      expect(await occurrences(fx.deviceId)).toHaveLength(1);
    },
  );

  it('goes active-unacknowledged → cleared-unacknowledged → normal when cleared first', async () => {
    const t = fx.t0;
    await send(fx.deviceId, t, { alarmesGMG: 1 });
    await send(fx.deviceId, t + 30, { alarmesGMG: 0 });
    const [alarm] = await occurrences(fx.deviceId);
    if (!alarm) throw new Error('no alarm');
    expect(alarm).toMatchObject({
      nome_alarme: 'Falha na partida',
      hora_ativacao: t,
      hora_desativacao: t + 30,
    });
    expect(stateOf(alarm)).toBe('cleared-unacknowledged');
    await acknowledgeOccurrences(store, {
      ids: [alarm.id],
      userId: fx.userId,
      allowedSystemIds: [fx.systemId],
      now: t + 60,
    });
    const [after] = await occurrences(fx.deviceId);
    if (!after) throw new Error('no alarm');
    expect(stateOf(after)).toBe('normal');
    // A new failure is a new occurrence.
    await send(fx.deviceId, t + 90, { alarmesGMG: 3 });
    expect((await occurrences(fx.deviceId)).map(stateOf)).toEqual([
      'normal',
      'active-unacknowledged',
    ]);
  });

  it('records an event once when its condition starts to hold', async () => {
    const t = fx.t0;
    await send(fx.deviceId, t, { statusGMG: 2048 });
    await send(fx.deviceId, t + 60, { statusGMG: 64 });
    await send(fx.deviceId, t + 120, { statusGMG: 64 | 16384 });
    await send(fx.deviceId, t + 180, { statusGMG: 2048 });
    await send(fx.deviceId, t + 240, { statusGMG: 64 });
    const rows = await occurrences(fx.deviceId);
    expect(rows.map((o) => [o.is_evt, o.hora_ativacao, o.hora_desativacao])).toEqual([
      [1, t + 60, t + 60],
      [1, t + 240, t + 240],
    ]);
    expect(rows.map(stateOf)).toEqual(['event', 'event']);
    const ack = await acknowledgeOccurrences(store, {
      ids: rows.map((o) => o.id),
      userId: fx.userId,
      allowedSystemIds: [fx.systemId],
    });
    expect(ack.acknowledged).toEqual([]);
  });

  it('starts events from the stored current value after a restart', async () => {
    const t = fx.t0;
    await send(fx.deviceId, t, { statusGMG: 64 });
    expect(await occurrences(fx.deviceId)).toHaveLength(1);
    const restarted = createIngest({ store, batchMs: 60_000, now: () => clock, log: silent });
    restarted.submit(fx.deviceId, { ts: t + 60, leituras: { statusGMG: 64 } });
    await restarted.close();
    expect(await occurrences(fx.deviceId)).toHaveLength(1);
  });

  it('acknowledges only alarms of the allowed systems and leaves acknowledged ones unchanged', async () => {
    const t = fx.t0;
    await send(fx.deviceId, t, { OilTemp: 120 });
    await send(fx.otherDeviceId, t, { OilTemp: 120 });
    const [mine] = await occurrences(fx.deviceId);
    const [theirs] = await occurrences(fx.otherDeviceId);
    if (!mine || !theirs) throw new Error('missing alarms');
    const first = await acknowledgeOccurrences(store, {
      ids: [mine.id, theirs.id, 987_654_321],
      userId: fx.userId,
      allowedSystemIds: [fx.systemId],
      now: t + 10,
    });
    expect(first.acknowledged).toEqual([mine.id]);
    expect((await occurrences(fx.otherDeviceId))[0]?.hora_ack).toBeNull();
    const again = await acknowledgeOccurrences(store, {
      ids: [mine.id],
      userId: 1,
      allowedSystemIds: [fx.systemId],
      now: t + 99,
    });
    expect(again.acknowledged).toEqual([]);
    expect((await occurrences(fx.deviceId))[0]?.hora_ack).toBe(t + 10);
    const audit = await store.db
      .selectFrom('audit_log')
      .selectAll()
      .where('entity', '=', 'occurrence')
      .where('entity_id', '=', String(mine.id))
      .orderBy('id')
      .execute();
    expect(audit.map((a) => [a.action, a.user_id, a.ts])).toEqual([
      ['occurrence.raise', null, t],
      ['occurrence.acknowledge', fx.userId, t + 10],
    ]);
  });

  it('opens a communication alarm for a silent device and clears it when data comes back', async () => {
    const t = fx.t0;
    await send(fx.deviceId, t, { kW: 10 });
    expect(
      (await sweepCommunication(store, { now: t + FIXTURE_COMMUNICATION_LIMIT_S - 1 })).opened,
    ).toBe(0);
    const swept: VigiaEvent[] = [];
    const result = await sweepCommunication(store, {
      now: t + FIXTURE_COMMUNICATION_LIMIT_S + 600,
      publish: { publish: (e) => swept.push(e) },
    });
    expect(result.opened).toBeGreaterThanOrEqual(1);
    const comm = (await occurrences(fx.deviceId)).filter(
      (o) => o.rule_id === fx.rules.communication,
    );
    expect(comm).toHaveLength(1);
    expect(comm[0]).toMatchObject({
      hora_ativacao: t + FIXTURE_COMMUNICATION_LIMIT_S,
      hora_desativacao: null,
      valor_falha: (FIXTURE_COMMUNICATION_LIMIT_S + 600) / 60,
      critico: 12,
    });
    expect(swept).toContainEqual(
      expect.objectContaining({ type: 'occurrence.opened', deviceId: fx.deviceId }),
    );
    // Sweeping again opens nothing new; a device that never reported is left alone.
    await sweepCommunication(store, { now: t + FIXTURE_COMMUNICATION_LIMIT_S + 900 });
    expect(
      (await occurrences(fx.deviceId)).filter((o) => o.rule_id === fx.rules.communication),
    ).toHaveLength(1);
    expect(await occurrences(fx.quietDeviceId)).toEqual([]);

    await send(fx.deviceId, t + FIXTURE_COMMUNICATION_LIMIT_S + 1200, { kW: 12 });
    const [cleared] = (await occurrences(fx.deviceId)).filter(
      (o) => o.rule_id === fx.rules.communication,
    );
    expect(cleared?.hora_desativacao).toBe(t + FIXTURE_COMMUNICATION_LIMIT_S + 1200);
    expect(events).toContainEqual(
      expect.objectContaining({
        type: 'occurrence.cleared',
        deviceId: fx.deviceId,
        occurrenceId: cleared?.id,
      }),
    );
  });

  it('keeps one open alarm per device and rule when two ingests see the same condition', async () => {
    const other = createIngest({ store, batchMs: 60_000, now: () => clock, log: silent });
    ingest.submit(fx.deviceId, { ts: fx.t0, leituras: { OilTemp: 130 } });
    other.submit(fx.deviceId, { ts: fx.t0 + 1, leituras: { OilTemp: 131 } });
    await Promise.all([ingest.flush(), other.flush()]);
    await other.close();
    const open = (await occurrences(fx.deviceId)).filter((o) => o.hora_desativacao === null);
    expect(open).toHaveLength(1);
  });
});
