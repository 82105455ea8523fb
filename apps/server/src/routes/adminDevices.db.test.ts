import { ADMIN_MESSAGES } from '@vigia/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createIngest, type Ingest } from '../ingest/ingest.js';
import { testStoreAvailable } from '../store/testStore.js';
import { openDemoTestStore } from '../test/databaseTemplates.js';
import { startTestApp, type TestApp } from '../test/testApp.js';

const available = await testStoreAvailable();

type Headers = { authorization: string };

/** Administration of devices (issue 28): removal of a device without history. */
describe.skipIf(!available)('administration: devices', () => {
  let t: TestApp;
  let ingest: Ingest;
  let admin: Headers;

  const call = (method: string, url: string, payload?: unknown) =>
    t.app.inject({
      method: method as 'GET',
      url,
      headers: admin,
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const create = async (patrimonio: string) => {
    const created = await call('POST', '/api/admin/dispositivos', {
      nome: `Dispositivo ${patrimonio}`,
      patrimonio,
      modeloId: 1,
      sisId: 200,
      uf: 'SP',
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id as number;
    const key = (await call('POST', `/api/admin/dispositivos/${id}/credenciais`)).json()
      .chave as string;
    return { id, key };
  };
  const send = (key: string, ts: number) =>
    t.app.inject({
      method: 'POST',
      url: '/api/ingest',
      headers: { 'x-device-key': key },
      payload: { ts, leituras: { kW: 1 } },
    });

  beforeAll(async () => {
    const store = await openDemoTestStore();
    ingest = createIngest({ store, batchMs: 10, log: { warn: () => {}, error: () => {} } });
    t = await startTestApp({ store, ingest });
    const close = t.close;
    t.close = async () => {
      await close();
      await ingest.close();
      await store.close();
    };
    admin = await t.authHeader('admin');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('removes a device that never reported: its key stops at once, the audit row stays', async () => {
    const { id, key } = await create('REMOVER-1');
    const removed = await call('DELETE', `/api/admin/dispositivos/${id}`);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json()).toEqual({ mensagem: ADMIN_MESSAGES.removed });
    expect((await call('GET', `/api/admin/dispositivos/${id}`)).statusCode).toBe(404);
    expect((await send(key, Math.floor(Date.now() / 1000))).statusCode).toBe(401);
    const tags = await t.store.db
      .selectFrom('tags')
      .select('id')
      .where('device_id', '=', id)
      .execute();
    expect(tags).toEqual([]);
    const audit = await t.store.db
      .selectFrom('audit_log')
      .select(['action', 'system_id', 'device_id'])
      .where('device_id', '=', id)
      .orderBy('id')
      .execute();
    expect(audit.map((a) => a.action)).toEqual([
      'admin.dispositivo.criar',
      'admin.dispositivo.credenciais',
      'admin.dispositivo.remover',
    ]);
    expect(audit[2]).toMatchObject({ system_id: 200, device_id: id });
    expect((await call('DELETE', `/api/admin/dispositivos/${id}`)).statusCode).toBe(404);
  });

  it('keeps a device with history: 409 in pt-BR, nothing removed', async () => {
    const { id, key } = await create('REMOVER-2');
    expect((await send(key, Math.floor(Date.now() / 1000) - 10)).statusCode).toBe(202);
    await ingest.flush();
    const refused = await call('DELETE', `/api/admin/dispositivos/${id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe(
      ADMIN_MESSAGES.deviceHasHistory.replace('{nome}', 'Dispositivo REMOVER-2'),
    );
    expect((await call('GET', `/api/admin/dispositivos/${id}`)).statusCode).toBe(200);
    expect((await send(key, Math.floor(Date.now() / 1000))).statusCode).toBe(202);
    // A demo device with alarms and readings is kept too.
    const demoDevice = await t.store.db
      .selectFrom('occurrences')
      .select('device_id')
      .where('system_id', '=', 200)
      .executeTakeFirstOrThrow();
    expect(
      (await call('DELETE', `/api/admin/dispositivos/${demoDevice.device_id}`)).statusCode,
    ).toBe(409);
  });
});
