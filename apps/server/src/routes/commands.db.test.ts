import { API } from '@vigia/contract/api';
import { MESSAGES } from '@vigia/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createInProcessCommandBus } from '../commands/transport.js';
import type { VigiaEvent } from '../events/types.js';
import { buildFleet, silentDeviceIds } from '../seed/fleet.js';
import { commandAuditOf } from '../store/commands/commandStore.js';
import type { Store } from '../store/database.js';
import { testStoreAvailable } from '../store/testStore.js';
import { openDemoTestStore } from '../test/databaseTemplates.js';
import { startTestApp, type TestApp } from '../test/testApp.js';

const available = await testStoreAvailable();

const path = (template: string, deviceId: number) =>
  template.replace('{dispositivoId}', String(deviceId));
const SEND = API.commands.send.path;
const HISTORY = API.commands.history.path;
const TYPES = API.commands.types.path;
const CONFIRM = API.commands.confirmPassword.path;
const settle = (ms = 30) => new Promise((resolve) => setTimeout(resolve, ms));

async function until<T>(probe: () => Promise<T | undefined>, ms = 20_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error('tempo esgotado');
    await settle(50);
  }
}

describe.skipIf(!available)('remote commands: rights, tenancy, confirmation, delivery', () => {
  let t: TestApp;
  let bus: ReturnType<typeof createInProcessCommandBus>;
  const heard: [number, { id: number; parameter_id: number; comando: number }][] = [];
  const events: VigiaEvent[] = [];
  let generator: number;
  let generatorSystem: number;
  let silent: number;
  let clienteDevice: number;
  let asDemo: { authorization: string };

  const typesOf = async (deviceId: number) =>
    (await t.app.inject({ method: 'GET', url: path(TYPES, deviceId), headers: asDemo })).json<
      { id: number; nome: string; parameter_id: number; comando: number }[]
    >();
  const confirm = (headers: { authorization: string }, senha: string) =>
    t.app.inject({ method: 'POST', url: CONFIRM, headers, payload: { senha } });
  const send = (
    headers: Record<string, string>,
    deviceId: number,
    body: Record<string, unknown>,
    remoteAddress = '10.1.2.3',
  ) =>
    t.app.inject({
      method: 'POST',
      url: path(SEND, deviceId),
      headers,
      payload: body,
      remoteAddress,
    });

  beforeAll(async () => {
    bus = createInProcessCommandBus();
    bus.devices.onCommand((deviceId, message) => heard.push([deviceId, message]));
    // 5 s to live: long enough that a loaded machine answers before it expires (1 s ran out
    // between the send and the answer during the whole suite), short enough to see expiry.
    t = await startTestApp({ commands: { link: bus.server, ttlMs: 5000, sweepMs: 100 } });
    t.app.bus.subscribe((e) => events.push(e));
    const fleet = buildFleet();
    const quiet = silentDeviceIds(fleet);
    const cliente = (
      await t.store.db
        .selectFrom('user_systems')
        .innerJoin('users', 'users.id', 'user_systems.user_id')
        .select('system_id')
        .where('users.login', '=', 'cliente')
        .execute()
    ).map((r) => r.system_id);
    const generators = await t.store.db
      .selectFrom('devices')
      .select(['id', 'system_id'])
      .where('tipo', '=', 'gerador')
      .orderBy('id')
      .execute();
    const outside = generators.filter((g) => !cliente.includes(g.system_id));
    const online = outside.find((g) => !quiet.has(g.id));
    const mute = outside.find((g) => quiet.has(g.id));
    const own = generators.find((g) => cliente.includes(g.system_id));
    if (!online || !mute || !own) throw new Error('frota mudou');
    generator = online.id;
    generatorSystem = online.system_id;
    silent = mute.id;
    clienteDevice = own.id;
    asDemo = await t.authHeader('demo');
  });
  afterAll(async () => {
    await t?.close();
  });

  it("lists the generator template's command types, seeded from the catalogue", async () => {
    const types = await typesOf(generator);
    expect(types.map((c) => c.nome)).toEqual(
      expect.arrayContaining(['Partir GMG', 'Parar GMG', 'Modo Automático', 'Modo Manual']),
    );
  });

  it('refuses a command without a password confirmation of this session (403), and nothing reaches the device', async () => {
    const [type] = await typesOf(generator);
    const before = heard.length;
    const response = await send(asDemo, generator, { comando: type?.id });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ error: MESSAGES.commandLoginRequired });
    await settle();
    expect(heard.length).toBe(before);
  });

  it('refuses a wrong password and a user without right 1 on the confirmation call', async () => {
    expect((await confirm(asDemo, 'errada')).statusCode).toBe(400);
    const asCliente = await t.authHeader('cliente');
    const refused = await confirm(asCliente, 'cliente');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ error: MESSAGES.noCommandRight });
  });

  it('refuses a user without right 1 (403) on their own device and another tenant’s device with 404', async () => {
    const asCliente = await t.authHeader('cliente');
    const [ownType] = await t.store.db
      .selectFrom('command_types')
      .innerJoin('devices', 'devices.template_id', 'command_types.template_id')
      .select('command_types.id')
      .where('devices.id', '=', clienteDevice)
      .execute();
    const own = await send(asCliente, clienteDevice, { comando: ownType?.id });
    expect(own.statusCode).toBe(403);
    expect(own.json()).toEqual({ error: MESSAGES.noCommandRight });
    const [type] = await typesOf(generator);
    const foreign = await send(asCliente, generator, { comando: type?.id });
    expect(foreign.statusCode).toBe(404);
    for (const url of [path(TYPES, generator), path(HISTORY, generator)]) {
      expect((await t.app.inject({ method: 'GET', url, headers: asCliente })).statusCode).toBe(404);
    }
  });

  it('sends a confirmed command once per idempotency key, stored before it is published; device answers move it to 1 then 2 with live events', async () => {
    const session = await t.authHeader('demo');
    const confirmed = await confirm(session, 'demo');
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json().validaAte).toBeGreaterThan(Date.now() + 290_000);
    const start = (await typesOf(generator)).find((c) => c.nome === 'Partir GMG');
    if (!start) throw new Error('sem Partir GMG');

    const unknown = await send(session, generator, { comando: 999_999 });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({ error: MESSAGES.unknownCommand });
    // Past a 32-bit id (PostgreSQL's integer column): refused at the boundary, not a 500.
    for (const comando of [2 ** 31, 2 ** 53]) {
      const huge = await send(session, generator, { comando });
      expect(huge.statusCode).toBe(400);
      expect(huge.json().error).toEqual(expect.any(String));
    }

    const before = heard.length;
    const first = await send(session, generator, { comando: start.id, chave: 'chave-teste-0001' });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ statusWebId: 0, mensagem: MESSAGES.commandSent });
    const id = first.json().id as number;
    const again = await send({ ...session, 'idempotency-key': 'chave-teste-0001' }, generator, {
      comando: start.id,
    });
    expect(again.json()).toMatchObject({ id });
    // The same key with another command, or to another device: a conflict, nothing sent.
    const stop = (await typesOf(generator)).find((c) => c.nome === 'Parar GMG');
    const otherCommand = await send(session, generator, {
      comando: stop?.id,
      chave: 'chave-teste-0001',
    });
    const otherDevice = await send(session, silent, {
      comando: start.id,
      chave: 'chave-teste-0001',
    });
    for (const conflict of [otherCommand, otherDevice]) {
      expect(conflict.statusCode).toBe(409);
      expect(conflict.json()).toEqual({ error: MESSAGES.idempotencyKeyReused });
    }
    await settle();
    expect(heard.slice(before)).toEqual([
      [generator, { id, parameter_id: start.parameter_id, comando: start.comando }],
    ]);

    await bus.devices.answer(generator, { id, statusWebId: 1 });
    await until(async () =>
      events.find((e) => e.type === 'command.status' && e.commandId === id && e.statusWebId === 1),
    );
    await bus.devices.answer(generator, { id, statusWebId: 2 });
    // A late or repeated answer never moves it back; another device's answer is ignored.
    await bus.devices.answer(generator, { id, statusWebId: 1 });
    await bus.devices.answer(silent, { id, statusWebId: 3 });
    await until(async () =>
      events.find((e) => e.type === 'command.status' && e.commandId === id && e.statusWebId === 2),
    );
    await settle(100);
    expect(
      events
        .filter((e) => e.type === 'command.status' && e.commandId === id)
        .map((e) => e.type === 'command.status' && [e.sisId, e.deviceId, e.statusWebId]),
    ).toEqual([
      [generatorSystem, generator, 0],
      [generatorSystem, generator, 1],
      [generatorSystem, generator, 2],
    ]);
    const history = await t.app.inject({
      method: 'GET',
      url: path(HISTORY, generator),
      headers: session,
    });
    const [newest] = history.json();
    expect(newest).toMatchObject({
      id,
      comandoId: start.id,
      parameter_id: start.parameter_id,
      nome: 'Partir GMG',
      statusWebId: 2,
      status: 'Finalizado',
      usuario: expect.any(String),
    });
    expect(newest.finalizadoEm).toBeGreaterThanOrEqual(newest.criadoEm);
  });

  it('ends a command nobody answers as expired, with its pt-BR text', async () => {
    const session = await t.authHeader('demo');
    await confirm(session, 'demo');
    const [type] = await typesOf(silent);
    const sent = await send(session, silent, { comando: type?.id });
    expect(sent.statusCode).toBe(200);
    const id = sent.json().id as number;
    await until(
      async () =>
        events.find(
          (e) => e.type === 'command.status' && e.commandId === id && e.statusWebId === 4,
        ),
      20_000,
    );
    const [newest] = (
      await t.app.inject({ method: 'GET', url: path(HISTORY, silent), headers: session })
    ).json();
    expect(newest).toMatchObject({
      id,
      statusWebId: 4,
      status: 'Expirado: sem resposta do dispositivo',
    });
    expect(newest.finalizadoEm).not.toBeNull();
  });

  it('refuses once the confirmation is older than 300000 ms', async () => {
    const session = await t.authHeader('demo');
    await confirm(session, 'demo');
    await t.store.db
      .updateTable('command_confirmations')
      .set((eb) => ({ confirmed_at: eb('confirmed_at', '-', 301) }))
      .execute();
    const [type] = await typesOf(generator);
    const response = await send(session, generator, { comando: type?.id });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ error: MESSAGES.commandLoginRequired });
  });

  it('audits every command and every refusal: user, address, time, device, command, outcome', async () => {
    const audit = await commandAuditOf(t.store.db, generator);
    const outcomes = audit.map((a) => `${a.action}:${a.resultado}`);
    expect(outcomes).toEqual(
      expect.arrayContaining([
        'comando.recusado:sem confirmação de senha',
        'comando.recusado:dispositivo fora do usuário',
        'comando.recusado:comando inexistente',
        'comando.enviado:enviado',
        'comando.enviado:repetido: não reenviado',
        'comando.estado:status 1',
        'comando.estado:status 2',
      ]),
    );
    const sent = audit.find((a) => a.resultado === 'enviado');
    expect(sent).toMatchObject({
      endereco: '10.1.2.3',
      deviceId: generator,
      userId: 1,
      comandoNome: 'Partir GMG',
    });
    expect(sent?.ts).toBeGreaterThan(0);
    expect(sent?.comandoId).toEqual(expect.any(Number));
    // Which command, by the name the console lists: sent, repeated, refused, answered.
    const named = (resultado: string) => audit.find((a) => a.resultado === resultado)?.comandoNome;
    expect(named('repetido: não reenviado')).toBe('Partir GMG');
    expect(named('chave já usada em outro comando')).toBe('Parar GMG');
    expect(named('status 2')).toBe('Partir GMG');
    // A command not of the device's model, or a device outside the user's, has no name.
    expect(named('comando inexistente')).toBeNull();
    expect(named('dispositivo fora do usuário')).toBeNull();
    const [{ details } = { details: null }] = await t.store.db
      .selectFrom('audit_log')
      .select('details')
      .where('action', '=', 'comando.recusado')
      .where('device_id', '=', clienteDevice)
      .execute();
    expect(JSON.parse(details ?? '{}')).toMatchObject({
      resultado: 'sem direito',
      comandoNome: expect.any(String),
    });
    const expired = (await commandAuditOf(t.store.db, silent)).find(
      (a) => a.resultado === 'expirado',
    );
    expect(expired?.comandoNome).toEqual(expect.any(String));
  });
});

describe.skipIf(!available)('a restart does not lose a queued command', () => {
  let store: Store;
  beforeAll(async () => {
    store = await openDemoTestStore();
  });
  afterAll(async () => {
    await store?.close();
  });

  it('publishes again the open commands on start and expires the stale ones', async () => {
    const first = createInProcessCommandBus();
    const t1 = await startTestApp({ store, commands: { link: first.server, ttlMs: 30_000 } });
    const demo = await t1.authHeader('demo');
    await t1.app.inject({
      method: 'POST',
      url: CONFIRM,
      headers: demo,
      payload: { senha: 'demo' },
    });
    const quiet = silentDeviceIds(buildFleet());
    const device = await store.db
      .selectFrom('devices')
      .select(['id', 'template_id'])
      .where('tipo', '=', 'gerador')
      .where('id', 'not in', [...quiet])
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const type = await store.db
      .selectFrom('command_types')
      .selectAll()
      .where('template_id', '=', device.template_id)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const sent = await t1.app.inject({
      method: 'POST',
      url: path(SEND, device.id),
      headers: demo,
      payload: { comando: type.id },
    });
    expect(sent.statusCode).toBe(200);
    const queued = sent.json().id as number;
    const stale = await store.db
      .insertInto('commands')
      .values({
        status_web_id: 1,
        user_id: 1,
        device_id: device.id,
        command_type_id: type.id,
        comando: JSON.stringify({ parameter_id: type.parameter_id, comando: type.comando }),
        created_at: Math.floor(Date.now() / 1000) - 120,
        updated_at: Math.floor(Date.now() / 1000) - 119,
        expires_at: Math.floor(Date.now() / 1000) - 90,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t1.close();

    const second = createInProcessCommandBus();
    const heard: number[] = [];
    second.devices.onCommand((_, message) => heard.push(message.id));
    const t2 = await startTestApp({ store, commands: { link: second.server } });
    try {
      await settle();
      expect(heard).toEqual([queued]);
      const statuses = await store.db
        .selectFrom('commands')
        .select(['id', 'status_web_id', 'ended_at'])
        .where('id', 'in', [queued, stale.id])
        .orderBy('id')
        .execute();
      expect(statuses.map((s) => [s.id, s.status_web_id])).toEqual([
        [queued, 0],
        [stale.id, 4],
      ]);
      await second.devices.answer(device.id, { id: queued, statusWebId: 2 });
      await until(async () => {
        const row = await store.db
          .selectFrom('commands')
          .select('status_web_id')
          .where('id', '=', queued)
          .executeTakeFirstOrThrow();
        return row.status_web_id === 2 ? true : undefined;
      });
    } finally {
      await t2.close();
    }
  });
});
