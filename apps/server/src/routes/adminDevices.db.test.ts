import { ADMIN_MESSAGES, DEVICE_IMPORT_MESSAGES } from '@vigia/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import writeXlsxFile from 'write-excel-file/node';
import { EventBus } from '../events/eventBus.js';
import { type PgEventRelay, startPgEventRelay } from '../events/pgEventRelay.js';
import { createIngest, type Ingest, type Outcome } from '../ingest/ingest.js';
import { openStore, type Store } from '../store/database.js';
import { createTestDatabase, type TestDatabase, testStoreAvailable } from '../store/testStore.js';
import { openDemoTestStore } from '../test/databaseTemplates.js';
import { startTestApp, type TestApp } from '../test/testApp.js';

const available = await testStoreAvailable();

type Headers = { authorization: string };

/** Administration of devices (issue 28): removal of a device without history, import from a file. */
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

  /** A multipart request with one file in the field `arquivo`. */
  const upload = (query: string, name: string, content: Buffer | string) => {
    const boundary = '----vigia-teste';
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\ncontent-disposition: form-data; name="arquivo"; filename="${name}"\r\ncontent-type: application/octet-stream\r\n\r\n`,
      ),
      Buffer.isBuffer(content) ? content : Buffer.from(content),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    return t.app.inject({
      method: 'POST',
      url: `/api/admin/dispositivos/importar?${query}`,
      headers: { ...admin, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload,
    });
  };
  const counts = async () => {
    const devices = await t.store.db
      .selectFrom('devices')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    const audit = await t.store.db
      .selectFrom('audit_log')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    return [Number(devices.n), Number(audit.n)];
  };
  const plantOf200 = async () =>
    (
      await t.store.db
        .selectFrom('plants')
        .select('nome')
        .where('system_id', '=', 200)
        .executeTakeFirstOrThrow()
    ).nome;

  it('simulates an import row by row, and with one bad row writes nothing', async () => {
    const usina = await plantOf200();
    const csv = [
      'Nome;Patrimônio;Modelo;Usina;UF',
      `Gerador A;IMP-1;1;${usina};`,
      'Gerador B;IMP-2;Modelo que não existe;;SP',
      'Gerador C;IMP-1;1;;SP',
      'Gerador D;IMP-4;1;Usina Fantasma;',
    ].join('\n');
    const before = await counts();
    const simulated = await upload('sisId=200&simular=1', 'dispositivos.csv', csv);
    expect(simulated.statusCode, simulated.body).toBe(200);
    const answer = simulated.json();
    expect(answer).toMatchObject({ simulacao: true, validas: 1, comErro: 3, criados: [] });
    expect(
      answer.linhas.map((l: { linha: number; erros: string[] }) => [l.linha, l.erros]),
    ).toEqual([
      [2, []],
      [3, ['Modelo Modelo que não existe inexistente.']],
      [4, ['Patrimônio IMP-1 repetido na planilha (linha 2).']],
      [5, ['Usina Usina Fantasma não existe neste sistema.', ADMIN_MESSAGES.ufRequired]],
    ]);
    expect(answer.linhas[0]).toMatchObject({ nome: 'Gerador A', local: usina });
    const real = await upload('sisId=200', 'dispositivos.csv', csv);
    expect(real.statusCode).toBe(400);
    expect(real.json().error).toBe(
      'Linha 3: Modelo Modelo que não existe inexistente. Nada foi importado.',
    );
    expect(await counts()).toEqual(before);
  });

  it('imports an XLSX file whole, in one transaction, audited as imported', async () => {
    const usina = await plantOf200();
    const sheet = [
      ['Nome', 'Patrimônio', 'Modelo', 'Usina', 'Latitude', 'Longitude'],
      ['Medidor X1', 'XLS-1', 'Medidor', usina, -23.5, -46.6],
      ['Medidor X2', 'XLS-2', 'Medidor', usina, null, null],
    ].map((row) => row.map((value) => (value === null ? null : { value })));
    const models = (await call('GET', '/api/admin/modelos')).json() as {
      nome: string;
      tipo: string;
    }[];
    const meter = models.find((m) => m.tipo === 'medidor') as { nome: string };
    for (const row of sheet.slice(1)) row[2] = { value: meter.nome };
    const file = await writeXlsxFile(sheet as never).toBuffer();
    const simulated = (await upload('sisId=200&simular=1', 'medidores.xlsx', file)).json();
    expect(simulated).toMatchObject({ validas: 2, comErro: 0 });
    const imported = await upload('sisId=200', 'medidores.xlsx', file);
    expect(imported.statusCode, imported.body).toBe(200);
    const ids = imported.json().criados as number[];
    expect(ids).toHaveLength(2);
    expect(imported.json().mensagem).toBe('2 dispositivo(s) importado(s).');
    const listed = (await call('GET', `/api/admin/dispositivos/${ids[0]}`)).json();
    expect(listed).toMatchObject({
      nome: 'Medidor X1',
      patrimonio: 'XLS-1',
      lat: -23.5,
      sisId: 200,
    });
    const audit = await t.store.db
      .selectFrom('audit_log')
      .select(['action', 'system_id', 'device_id'])
      .where('device_id', 'in', ids)
      .execute();
    expect(audit.map((a) => a.action)).toEqual([
      'admin.dispositivo.importar',
      'admin.dispositivo.importar',
    ]);
    // The same file again: every row is taken now, nothing more is written.
    const again = await upload('sisId=200', 'medidores.xlsx', file);
    expect(again.statusCode).toBe(400);
    expect(again.json().error).toContain('XLS-1 já está cadastrado');
  });

  it('answers a file it cannot use with 400 in pt-BR', async () => {
    expect((await upload('sisId=200', 'x.csv', 'Nome;UF\nA;SP')).json().error).toBe(
      'Faltam colunas na planilha: Patrimônio, Modelo. A primeira linha nomeia as colunas.',
    );
    expect((await upload('sisId=200', 'x.csv', 'Nome;Patrimônio;Modelo\n')).json().error).toBe(
      DEVICE_IMPORT_MESSAGES.empty,
    );
    const plain = await call('POST', '/api/admin/dispositivos/importar?sisId=200', { a: 1 });
    expect(plain.statusCode).toBe(400);
    expect(plain.json().error).toBe(DEVICE_IMPORT_MESSAGES.fileRequired);
    // The platform's administrator imports into any system.
    const other = await upload(
      'sisId=179&simular=1',
      'x.csv',
      'Nome;Patrimônio;Modelo;UF\nA;B;1;SP',
    );
    expect(other.statusCode, other.body).toBe(200);
    expect(other.json()).toMatchObject({ validas: 1, comErro: 0 });
  });
});

const onPostgres = available && process.env.VIGIA_TEST_DB === 'postgres';

/**
 * Two nodes on one PostgreSQL database, each with its own ingest caches: what
 * an administrator does to a device's identity through node A holds on node B
 * at once (a `devices.changed` event over LISTEN/NOTIFY, sent before A answers),
 * though B had the device's key cached a moment before. B is called over HTTP,
 * as a device would.
 */
describe.skipIf(!onPostgres)('administration: device keys on every node', () => {
  const nodes: {
    t: TestApp;
    bus: EventBus;
    ingest: Ingest;
    relay: PgEventRelay;
    store: Store;
    url: string;
  }[] = [];
  let database: TestDatabase;
  let admin: Headers;

  beforeAll(async () => {
    database = await createTestDatabase('demo');
    for (let i = 0; i < 2; i++) {
      const store = await openStore(database.url);
      const bus = new EventBus();
      const relay = await startPgEventRelay({
        connectionString: database.url,
        bus,
        log: { info() {}, warn() {}, error() {} },
      });
      const ingest = createIngest({
        store,
        publish: bus,
        batchMs: 10,
        log: { warn: () => {}, error: () => {} },
      });
      const t = await startTestApp({ store, bus, ingest });
      const url = await t.app.listen({ host: '127.0.0.1', port: 0 });
      nodes.push({ t, bus, ingest, relay, store, url });
    }
    admin = await (nodes[0] as (typeof nodes)[0]).t.authHeader('admin');
  });
  afterAll(async () => {
    for (const n of nodes) {
      await n.t.close();
      await n.ingest.close();
      await n.relay.close();
      await n.store.close();
    }
    await database?.drop();
  });

  const onA = (method: string, url: string, payload?: unknown) =>
    (nodes[0] as (typeof nodes)[0]).t.app.inject({
      method: method as 'GET',
      url,
      headers: admin,
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  /** `POST /api/ingest` on node B over HTTP: its status. */
  const sendToB = async (key: string, ts: number) => {
    const response = await fetch(`${(nodes[1] as (typeof nodes)[0]).url}/api/ingest`, {
      method: 'POST',
      headers: { 'x-device-key': key, 'content-type': 'application/json' },
      body: JSON.stringify({ ts, leituras: { kW: 1 } }),
    });
    await response.arrayBuffer();
    return response.status;
  };
  const createOnA = async (patrimonio: string) => {
    const created = await onA('POST', '/api/admin/dispositivos', {
      nome: `Dispositivo ${patrimonio}`,
      patrimonio,
      modeloId: 1,
      sisId: 200,
      uf: 'SP',
    });
    expect(created.statusCode, created.body).toBe(201);
    return created.json().id as number;
  };
  /**
   * B's next `devices.changed` naming `id`. A sends it before answering, but B hears it
   * over LISTEN/NOTIFY a moment later, which a loaded machine can stretch past B's next call.
   */
  const changeReachesB = (id: number) =>
    new Promise<void>((resolve) => {
      const stop = (nodes[1] as (typeof nodes)[0]).bus.subscribe((event) => {
        if (event.type !== 'devices.changed' || !event.deviceIds.includes(id)) return;
        stop();
        resolve();
      });
    });
  const keyFromA = async (id: number) =>
    (await onA('POST', `/api/admin/dispositivos/${id}/credenciais`)).json().chave as string;

  it('a key rotated on node A is refused on node B at once, the new one accepted', async () => {
    const id = await createOnA('NOS-CHAVE-1');
    const oldKey = await keyFromA(id);
    const now = Math.floor(Date.now() / 1000);
    expect(await sendToB(oldKey, now - 30)).toBe(202); // B now holds the key for a minute
    const rotated = changeReachesB(id);
    const newKey = await keyFromA(id);
    await rotated;
    expect(await sendToB(oldKey, now - 20)).toBe(401);
    expect(await sendToB(newKey, now - 10)).toBe(202);
  });

  it('a device removed on node A: its key is refused on node B at once', async () => {
    const id = await createOnA('NOS-CHAVE-2');
    const key = await keyFromA(id);
    // A reading too old is refused after the key is read (B caches it), and leaves no history.
    const tooOld = Math.floor(Date.now() / 1000) - 400 * 86_400;
    expect(await sendToB(key, tooOld)).toBe(400);
    const gone = changeReachesB(id);
    const removed = await onA('DELETE', `/api/admin/dispositivos/${id}`);
    expect(removed.statusCode, removed.body).toBe(200);
    await gone;
    expect(await sendToB(key, tooOld)).toBe(401);
  });

  it('an id node B found unknown is taken at once once node A creates that device', async () => {
    const b = nodes[1] as (typeof nodes)[0];
    // The id the next device created gets (nobody else creates devices in this database).
    const { rows: serial } = await sql<{
      seq: string;
    }>`select pg_get_serial_sequence('devices', 'id') as seq`.execute(b.store.db);
    const { rows } = await sql<{ next: string }>`
      select case when is_called then last_value + 1 else last_value end as next
      from ${sql.raw(serial[0]?.seq ?? 'devices_id_seq')}`.execute(b.store.db);
    const next = Number(rows[0]?.next);
    const submitToB = (ts: number) =>
      new Promise<Outcome>((resolve) =>
        b.ingest.submit(next, { ts, leituras: { kW: 2 } }, resolve, { flowControlled: true }),
      );
    const now = Math.floor(Date.now() / 1000);
    const early = submitToB(now - 30); // a device publishing before it is registered
    await b.ingest.flush();
    expect(await early).toBe('refused');
    const reachedB = changeReachesB(next);
    expect(await createOnA('NOS-CHAVE-3')).toBe(next);
    await reachedB;
    const later = submitToB(now - 20);
    await b.ingest.flush();
    expect(await later).toBe('stored');
  });
});
