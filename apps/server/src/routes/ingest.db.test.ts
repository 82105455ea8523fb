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
    ingest = createIngest({ store, batchMs: 60_000, log: { warn: () => {}, error: () => {} } });
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

  it('accepts readings with the device key and writes them through the ingest', async () => {
    const ts = fx.t0 + 60;
    const response = await post({ ts, leituras: { kW: 55.5 } });
    expect(response.statusCode).toBe(202);
    expect(response.json()).toEqual({ dispositivo: fx.deviceId, aceitas: 1 });
    await ingest.flush();
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
