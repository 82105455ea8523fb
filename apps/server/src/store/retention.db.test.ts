import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Store } from './database.js';
import { insertGenerators } from './devices/fixtures.js';
import {
  compactClosedReadingPartitions,
  ensureReadingPartitions,
  readingPartitions,
} from './partitions.js';
import {
  applyRetention,
  effectiveRetention,
  pruneNotifications,
  pruneReadings,
  type RetentionPolicy,
  startRetention,
} from './retention.js';
import type { NewOccurrence } from './schema.js';
import { insertReadingRows, openTestStore, testStoreAvailable } from './testStore.js';

const available = await testStoreAvailable();
const DAY = 86_400;
/** 2026-07-15 12:00 UTC: mid-month, so the cutoff below falls inside a month. */
const NOW = Date.UTC(2026, 6, 15, 12) / 1000;
const KEEP_DAYS = 90;
const CUTOFF = NOW - KEEP_DAYS * DAY;

async function count(store: Store, where?: { before?: number; from?: number }) {
  let q = store.db.selectFrom('readings').select((eb) => eb.fn.countAll<number>().as('n'));
  if (where?.before !== undefined) q = q.where('ts', '<', where.before);
  if (where?.from !== undefined) q = q.where('ts', '>=', where.from);
  return Number((await q.executeTakeFirstOrThrow()).n);
}

describe.skipIf(!available)('readings retention', () => {
  let store: Store;
  beforeAll(async () => {
    store = await openTestStore();
    const first = NOW - 150 * DAY;
    await ensureReadingPartitions(store, first, NOW);
    // Two tags, one reading an hour for 150 days.
    for (const tag of [1, 2]) {
      const rows = [];
      for (let ts = first; ts <= NOW; ts += 3600)
        rows.push({ tag_id: tag, ts, valor: ts % 97, qos: 0 });
      await insertReadingRows(store, rows);
    }
  });
  afterAll(async () => {
    await store?.close();
  });

  it('removes what is older than the period and keeps every reading inside it', async () => {
    const inside = await count(store, { from: CUTOFF });
    const result = await pruneReadings(store, CUTOFF);
    expect(await count(store, { from: CUTOFF })).toBe(inside);
    if (store.dialect === 'postgres') {
      // Whole months only: March and earlier end before 2026-04-16; April is kept.
      expect(result.droppedPartitions).toEqual(
        expect.arrayContaining(['readings_202602', 'readings_202603']),
      );
      expect(await readingPartitions(store)).not.toContain('readings_202603');
      expect(await count(store, { before: Date.UTC(2026, 3, 1) / 1000 })).toBe(0);
      expect(await count(store, { before: CUTOFF })).toBeGreaterThan(0);
    } else {
      expect(result.deletedReadings).toBeGreaterThan(0);
      expect(await count(store, { before: CUTOFF })).toBe(0);
    }
  });

  it('a late reading for a dropped month can still be written', async () => {
    const late = Date.UTC(2026, 2, 10) / 1000;
    await ensureReadingPartitions(store, late, late);
    await store.db
      .insertInto('readings')
      .values({ tag_id: 3, ts: late, valor: 1, qos: 0 })
      .execute();
    expect(await count(store, { before: Date.UTC(2026, 3, 1) / 1000 })).toBe(1);
  });

  it.runIf(process.env.VIGIA_TEST_DB === 'postgres')(
    'new months are stored unpadded, and each closed month is packed once',
    async () => {
      const { rows: columns } = await sql<{ name: string }>`
        select attname as name from pg_attribute
        where attrelid = 'readings_202606'::regclass and attnum > 0 and not attisdropped
        order by attnum`.execute(store.db);
      expect(columns.map((c) => c.name)).toEqual(['tag_id', 'qos', 'ts', 'valor']);
      const indexBytes = async () => {
        const { rows } = await sql<{ bytes: string }>`
          select pg_relation_size('readings_202606_pkey') as bytes`.execute(store.db);
        return Number(rows[0]?.bytes);
      };
      const before = await indexBytes();
      // June is over (NOW is mid-July); July is not.
      const first = await compactClosedReadingPartitions(store, NOW);
      expect(first).toContain('readings_202606');
      expect(first).not.toContain('readings_202607');
      expect(await indexBytes()).toBeLessThanOrEqual(before);
      expect(await compactClosedReadingPartitions(store, NOW)).toEqual([]);
      // Still read and written through the parent, by column name.
      const june = Date.UTC(2026, 5, 10) / 1000;
      await store.db
        .insertInto('readings')
        .values({ tag_id: 9, ts: june, valor: 2.5, qos: 1 })
        .execute();
      expect(
        await store.db
          .selectFrom('readings')
          .select(['valor', 'qos'])
          .where('tag_id', '=', 9)
          .where('ts', '=', june)
          .executeTakeFirst(),
      ).toEqual({ valor: 2.5, qos: 1 });
    },
  );

  it('the job runs one pass at a time and a second pass finds nothing more', async () => {
    const job = startRetention(store, {
      policy: { readings: KEEP_DAYS, hourly: 0, daily: 0, occurrences: 0, audit: 0 },
      now: () => NOW,
    });
    const [a, b] = await Promise.all([job.run(), job.run()]);
    expect(a).toBe(b);
    const again = await job.run();
    expect(again.deletedReadings).toBe(0);
    expect(again.droppedPartitions).toEqual([]);
    await job.stop();
  });
});

describe.skipIf(!available)('retention of aggregates, occurrences and the audit log', () => {
  let store: Store;
  const POLICY: RetentionPolicy = {
    readings: 0,
    hourly: 365,
    daily: 0,
    occurrences: 365,
    audit: 180,
  };
  /** One row a day for 400 days back, of each kind. */
  const DAYS_BACK = 400;
  const dayTs = (d: number) => NOW - d * DAY;
  const states = ['ativo', 'desativado', 'normal', 'evento', 'reconhecido'] as const;

  beforeAll(async () => {
    store = await openTestStore();
    const db = store.db;
    await insertGenerators(store, [{ id: 1, system: 1 }], dayTs(DAYS_BACK));
    await db
      .insertInto('tags')
      .values({ id: 1, device_id: 1, nome: 'kW', apelido: 'Potência', unidade: 'kW' })
      .execute();
    await db
      .insertInto('users')
      .values({ id: 1, login: 'op', nome: 'Operador', password_hash: 'x', created_at: NOW })
      .execute();
    const aggregate = (inicio: number) => ({
      tag_id: 1,
      inicio,
      n: 1,
      soma: 1,
      minimo: 1,
      maximo: 1,
      qos: 0,
      primeiro_ts: inicio,
      primeiro: 1,
      ultimo_ts: inicio,
      ultimo: 1,
    });
    const occurrences: NewOccurrence[] = [];
    for (let d = 1; d <= DAYS_BACK; d++) {
      await db
        .insertInto('reading_hours')
        .values(aggregate(dayTs(d)))
        .execute();
      await db
        .insertInto('reading_days')
        .values(aggregate(dayTs(d)))
        .execute();
      await db
        .insertInto('audit_log')
        .values({ ts: dayTs(d), user_id: 1, action: 'occurrence.ack', entity: 'occurrence' })
        .execute();
      const state = states[d % states.length];
      const hora = dayTs(d);
      occurrences.push({
        system_id: 1,
        device_id: 1,
        site_id: 1,
        critico: 10,
        is_evt: state === 'evento' ? 1 : 0,
        hora_ativacao: hora,
        hora_desativacao: state === 'ativo' || state === 'reconhecido' ? null : hora + 60,
        hora_ack: state === 'normal' || state === 'reconhecido' ? hora + 120 : null,
        nome_alarme: `Alarme ${state}`,
      });
    }
    const inserted = await db
      .insertInto('occurrences')
      .values(occurrences)
      .returning('id')
      .execute();
    await db
      .insertInto('occurrence_comments')
      .values(
        inserted.map((o) => ({ occurrence_id: o.id, user_id: 1, texto: 'visto', created_at: NOW })),
      )
      .execute();
  }, 60_000);
  afterAll(async () => {
    await store?.close();
  });

  const countOf = async (
    table: 'reading_hours' | 'reading_days' | 'audit_log' | 'occurrences' | 'occurrence_comments',
  ) =>
    Number(
      (
        await store.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('removes each kind by its own period and keeps what is not over', async () => {
    const pass = await applyRetention(store, POLICY, NOW);
    // What is older than the cutoff goes; the day at the cutoff itself stays.
    expect(pass.deletedHours).toBe(DAYS_BACK - 365);
    expect(await countOf('reading_hours')).toBe(365);
    expect(pass.deletedDays).toBe(0);
    expect(await countOf('reading_days')).toBe(DAYS_BACK);
    expect(pass.deletedAudit).toBe(DAYS_BACK - 180);
    expect(await countOf('audit_log')).toBe(180);

    // Occurrences: only events and alarms cleared and acknowledged go, with their comments.
    const left = await store.db
      .selectFrom('occurrences')
      .select(['hora_ativacao', 'nome_alarme'])
      .execute();
    const old = left.filter((o) => o.hora_ativacao < dayTs(365));
    expect(new Set(old.map((o) => o.nome_alarme))).toEqual(
      new Set(['Alarme ativo', 'Alarme desativado', 'Alarme reconhecido']),
    );
    expect(left.filter((o) => o.hora_ativacao >= dayTs(365))).toHaveLength(365);
    expect(pass.deletedOccurrences).toBe(DAYS_BACK - left.length);
    expect(await countOf('occurrence_comments')).toBe(left.length);
    // The paging counters follow the rows (their triggers fire on delete).
    const { rows: counted } = await sql<{ n: number | string }>`
      select sum(n) as n from occurrence_device_day_counts`.execute(store.db);
    expect(Number(counted[0]?.n)).toBe(left.length);
  });

  it('a second pass finds nothing more', async () => {
    const again = await applyRetention(store, POLICY, NOW);
    expect(again).toMatchObject({
      deletedHours: 0,
      deletedDays: 0,
      deletedOccurrences: 0,
      deletedAudit: 0,
    });
  });
});

describe.skipIf(!available)('retention of notifications', () => {
  it('removes the notifications that are over and older than the audit period, with their attempts; pending and held stay', async () => {
    const store = await openTestStore();
    try {
      const user = await store.db
        .insertInto('users')
        .values({ login: 'retencao', nome: 'Retenção', password_hash: 'x', created_at: 0 })
        .returning('id')
        .executeTakeFirstOrThrow();
      const cutoff = NOW - 180 * 86_400;
      const row = (
        key: string,
        status: 'sent' | 'failed' | 'summarized' | 'pending' | 'held',
        at: number,
      ) => ({
        idempotency_key: key,
        system_id: 1,
        occurrence_id: null,
        user_id: user.id,
        kind: 'alarme' as const,
        channel: 'email' as const,
        recipient: 'a@b.com.br',
        payload: '{}',
        status,
        next_attempt_at: at,
        created_at: at,
      });
      await store.db
        .insertInto('notification_outbox')
        .values([
          row('velha-enviada', 'sent', cutoff - 1),
          row('velha-falhou', 'failed', cutoff - 1),
          row('velha-resumida', 'summarized', cutoff - 1),
          row('velha-pendente', 'pending', cutoff - 1),
          row('velha-retida', 'held', cutoff - 1),
          row('nova-enviada', 'sent', cutoff),
        ])
        .execute();
      const sent = await store.db
        .selectFrom('notification_outbox')
        .select('id')
        .where('idempotency_key', '=', 'velha-enviada')
        .executeTakeFirstOrThrow();
      await store.db
        .insertInto('notification_attempts')
        .values({ outbox_id: sent.id, ts: cutoff - 1, node: 'n', ok: 1, error: null })
        .execute();
      expect(await pruneNotifications(store, cutoff)).toBe(3);
      const left = await store.db
        .selectFrom('notification_outbox')
        .select('idempotency_key')
        .orderBy('id')
        .execute();
      expect(left.map((r) => r.idempotency_key)).toEqual([
        'velha-pendente',
        'velha-retida',
        'nova-enviada',
      ]);
      expect(await store.db.selectFrom('notification_attempts').select('id').execute()).toEqual([]);
    } finally {
      await store.close();
    }
  });
});

describe('retention policy', () => {
  it('keeps the aggregates at least as long as the readings they summarise (0 keeps for ever)', () => {
    const base: RetentionPolicy = { readings: 90, hourly: 730, daily: 0, occurrences: 0, audit: 0 };
    expect(effectiveRetention(base)).toEqual(base);
    expect(effectiveRetention({ ...base, hourly: 30 }).hourly).toBe(90);
    expect(effectiveRetention({ ...base, readings: 0 })).toMatchObject({ hourly: 0, daily: 0 });
    expect(effectiveRetention({ ...base, daily: 365 }).daily).toBe(730);
    expect(effectiveRetention({ ...base, hourly: 0, daily: 365 }).daily).toBe(0);
  });
});
