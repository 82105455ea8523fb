import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deviceKeyHash } from '../ingest/deviceKey.js';
import { createIngest, type Ingest } from '../ingest/ingest.js';
import { createFixture, type Fixture } from '../ingest/testFixture.js';
import { installErrorHandling, usePortugueseValidationMessages } from '../plugins/errorHandler.js';
import type { Store } from '../store/database.js';
import { openTestStore, testStoreAvailable } from '../store/testStore.js';
import { ingestRoutes } from './ingest.js';

const available = await testStoreAvailable();
const KEY = 'vk_chave-de-teste-0123456789abcdef';

describe.skipIf(!available)('POST /api/ingest', () => {
  let store: Store;
  let fx: Fixture;
  let ingest: Ingest;
  let app: FastifyInstance;

  beforeAll(async () => {
    store = await openTestStore();
    fx = await createFixture(store);
    await store.db
      .updateTable('devices')
      .set({ ingest_key_hash: deviceKeyHash(KEY) })
      .where('id', '=', fx.deviceId)
      .execute();
    ingest = createIngest({ store, batchMs: 20, log: { warn: () => {}, error: () => {} } });
    usePortugueseValidationMessages();
    app = Fastify({ logger: false });
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    installErrorHandling(app);
    await app.register(ingestRoutes, { store, ingest });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await ingest?.close();
    await store?.close();
  });

  const post = (payload: unknown, headers: Record<string, string> = { 'x-device-key': KEY }) =>
    app.inject({ method: 'POST', url: '/api/ingest', headers, payload: payload as object });

  it('answers only once the readings are committed', async () => {
    const ts = fx.t0 + 60;
    const response = await post({ ts, leituras: { kW: 55.5 } });
    expect(response.statusCode).toBe(202);
    expect(response.json()).toEqual({ dispositivo: fx.deviceId, aceitas: 1 });
    // No flush: the answer itself says the row is in the database.
    const kw = await store.db
      .selectFrom('current_values')
      .innerJoin('tags', 'tags.id', 'current_values.tag_id')
      .select(['current_values.valor', 'current_values.ts'])
      .where('tags.device_id', '=', fx.deviceId)
      .where('tags.nome', '=', 'kW')
      .executeTakeFirst();
    expect(kw).toEqual({ valor: 55.5, ts });
  });

  it('takes the key as Authorization: Device and a list of messages', async () => {
    const response = await post(
      [
        { ts: fx.t0 + 120, leituras: { kW: 1 } },
        { ts: fx.t0 + 180, leituras: { kW: 2 } },
      ],
      { authorization: `Device ${KEY}` },
    );
    expect(response.statusCode).toBe(202);
    expect(response.json()).toEqual({ dispositivo: fx.deviceId, aceitas: 2 });
  });

  it('stores a message sent twice once (a retry after a lost answer)', async () => {
    const message = { ts: fx.t0 + 240, leituras: { kW: 7, OilTemp: 80 } };
    const written = ingest.stats().written;
    for (let i = 0; i < 2; i++) expect((await post(message)).statusCode).toBe(202);
    expect(ingest.stats().written - written).toBe(2);
    const rows = await store.db
      .selectFrom('readings')
      .innerJoin('tags', 'tags.id', 'readings.tag_id')
      .select(['tags.nome', 'readings.valor'])
      .where('tags.device_id', '=', fx.deviceId)
      .where('readings.ts', '=', message.ts)
      .orderBy('tags.nome')
      .execute();
    expect(rows).toEqual([
      { nome: 'OilTemp', valor: 80 },
      { nome: 'kW', valor: 7 },
    ]);
  });

  it('answers 503 and acknowledges nothing when the batch cannot be committed', async () => {
    const failing = createIngest({
      store,
      batchMs: 5,
      log: { warn: () => {}, error: () => {} },
      engine: {
        prepare: async () => {
          throw new Error('banco indisponível');
        },
        evaluate: async () => {},
        reset: () => {},
        invalidate: () => {},
      },
    });
    const other = Fastify({ logger: false });
    other.setValidatorCompiler(validatorCompiler);
    other.setSerializerCompiler(serializerCompiler);
    installErrorHandling(other);
    await other.register(ingestRoutes, { store, ingest: failing });
    try {
      const ts = fx.t0 + 300;
      const response = await other.inject({
        method: 'POST',
        url: '/api/ingest',
        headers: { 'x-device-key': KEY },
        payload: { ts, leituras: { kW: 9 } },
      });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ error: 'Ingestão sobrecarregada; tente novamente.' });
      const stored = await store.db
        .selectFrom('readings')
        .innerJoin('tags', 'tags.id', 'readings.tag_id')
        .select('readings.valor')
        .where('tags.device_id', '=', fx.deviceId)
        .where('readings.ts', '=', ts)
        .execute();
      expect(stored).toEqual([]);
    } finally {
      await other.close();
      await failing.close();
    }
  });

  it('answers 401 invalid_device_key without a key or with a wrong one', async () => {
    const variants: Record<string, string>[] = [
      {},
      { 'x-device-key': 'outra-chave' },
      { authorization: 'Bearer abc' },
    ];
    for (const headers of variants) {
      const response = await post({ ts: fx.t0, leituras: { kW: 1 } }, headers);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({
        error: 'invalid_device_key',
        error_description: 'Chave de dispositivo inválida.',
      });
    }
  });

  it('answers 400 with a Portuguese error for a bad body', async () => {
    const bodies = [
      { leituras: { kW: 1 } },
      { ts: fx.t0, leituras: { kW: 'um' } },
      { ts: fx.t0, leituras: {} },
      [],
      { ts: Math.floor(Date.now() / 1000) + 86400, leituras: { kW: 1 } },
    ];
    for (const body of bodies) {
      const response = await post(body);
      expect(response.statusCode).toBe(400);
      const error = response.json().error as string;
      expect(error.length).toBeGreaterThan(0);
      expect(['Requisição inválida.', 'Horário da leitura fora do intervalo aceito.']).toContain(
        error,
      );
    }
  });
});
