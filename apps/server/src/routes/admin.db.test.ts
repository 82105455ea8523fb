import { API } from '@vigia/contract/api';
import { ADMIN_MESSAGES } from '@vigia/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createIngest, type Ingest } from '../ingest/ingest.js';
import { testStoreAvailable } from '../store/testStore.js';
import { openDemoTestStore } from '../test/databaseTemplates.js';
import { FORM, form, startTestApp, type TestApp } from '../test/testApp.js';

const available = await testStoreAvailable();

type Headers = { authorization: string };

describe.skipIf(!available)('administration', () => {
  let t: TestApp;
  let ingest: Ingest;
  let admin: Headers;
  let demo: Headers;
  let cliente: Headers;
  let address = 0;

  const call = (method: string, url: string, headers?: Headers, payload?: unknown) =>
    t.app.inject({
      method: method as 'GET',
      url,
      ...(headers ? { headers } : {}),
      ...(payload === undefined ? {} : { payload: payload as object }),
    });

  /** Signs in through the token call; the answer as it came. */
  const signIn = (username: string, password: string) => {
    address += 1;
    return t.app.inject({
      method: 'POST',
      url: '/oauth/token',
      headers: FORM,
      remoteAddress: `10.77.0.${address}`,
      payload: form({ grant_type: 'password', client_id: 'vigia-web', username, password }),
    });
  };
  const bearer = async (username: string, password: string): Promise<Headers> => {
    const response = await signIn(username, password);
    expect(response.statusCode, response.body).toBe(200);
    return { authorization: `Bearer ${response.json().access_token}` };
  };
  const auditActions = async (entityId: number, entity: string) =>
    (
      await t.store.db
        .selectFrom('audit_log')
        .select('action')
        .where('entity', '=', entity)
        .where('entity_id', '=', String(entityId))
        .orderBy('id')
        .execute()
    ).map((r) => r.action);

  beforeAll(async () => {
    const store = await openDemoTestStore();
    ingest = createIngest({ store, batchMs: 20, log: { warn: () => {}, error: () => {} } });
    t = await startTestApp({ store, ingest });
    const close = t.close;
    t.close = async () => {
      await close();
      await ingest.close();
      await store.close();
    };
    admin = await t.authHeader('admin');
    demo = await t.authHeader('demo');
    cliente = await t.authHeader('cliente');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('refuses every administration call to a user who administers nothing (403 in pt-BR)', async () => {
    const routes = Object.values(API.admin).filter((r) => !('public' in r));
    expect(routes.length).toBeGreaterThan(15);
    for (const route of routes) {
      const url = `${route.path.replace('{id}', '1')}${'query' in route && route.path.endsWith('{id}') && route.path.includes('locais') ? '?tipo=usina' : ''}`;
      for (const headers of [demo, cliente]) {
        const body =
          route.method === 'GET' || route.method === 'DELETE' ? undefined : { nome: 'x' };
        const response = await call(route.method, url, headers, body);
        expect([400, 403], `${route.method} ${url}: ${response.body}`).toContain(
          response.statusCode,
        );
        if (response.statusCode === 403) {
          expect(response.json().error).toBe(ADMIN_MESSAGES.adminOnly);
        }
      }
    }
  });

  it('takes a new company from nothing to a device that reports with its own key', async () => {
    // The platform administrator: company, system, plant.
    const company = await call('POST', '/api/admin/empresas', admin, { nome: 'Energia Sul' });
    expect(company.statusCode, company.body).toBe(201);
    const empresaId = company.json().id as number;
    expect(
      (await call('POST', '/api/admin/empresas', admin, { nome: 'energia sul' })).statusCode,
    ).toBe(409);

    const system = await call('POST', '/api/admin/sistemas', admin, {
      nome: 'Sul Geração',
      empresaId,
      recursos: ['combustivel'],
    });
    expect(system.statusCode, system.body).toBe(201);
    const sisId = system.json().id as number;
    expect(system.json()).toMatchObject({
      empresa: 'Energia Sul',
      home: null,
      recursos: ['combustivel'],
    });
    // Its creator holds it at once.
    const info = await call('GET', '/api/User/userinfo', admin);
    expect(info.json().sistemas.map((s: { id: number }) => s.id)).toContain(sisId);

    const noGps = await call('POST', '/api/admin/locais', admin, {
      tipo: 'usina',
      nome: 'UTE Pelotas',
      sisId,
    });
    expect(noGps.statusCode).toBe(400);
    expect(noGps.json().error).toBe(ADMIN_MESSAGES.placeLocationRequired);
    const plant = await call('POST', '/api/admin/locais', admin, {
      tipo: 'usina',
      nome: 'UTE Pelotas',
      sisId,
      endereco: 'Av. Brasil, 100',
      uf: 'rs',
      lat: -31.77,
      lon: -52.34,
    });
    expect(plant.statusCode, plant.body).toBe(201);
    expect(plant.json()).toMatchObject({ uf: 'RS', dispositivos: 0, tipo: 'usina' });
    const usinaId = plant.json().id as number;

    // A system administrator for it, with a temporary password.
    const created = await call('POST', '/api/admin/usuarios', admin, {
      nome: 'Paula Sul',
      login: 'paula.sul',
      email: 'paula@sul.example',
      sistemas: [sisId],
      administrador: true,
    });
    expect(created.statusCode, created.body).toBe(201);
    const { usuario, senhaTemporaria } = created.json();
    expect(usuario).toMatchObject({ administrador: true, trocarSenha: true, sistemas: [sisId] });
    expect(
      (
        await call('POST', '/api/admin/usuarios', admin, {
          nome: 'Outra',
          login: 'paula.sul',
          sistemas: [sisId],
        })
      ).statusCode,
    ).toBe(409);

    // The temporary password signs in, but only to change it.
    const temporary = await bearer('paula.sul', senhaTemporaria);
    expect((await call('GET', '/api/User/userinfo', temporary)).json().trocarSenha).toBe(true);
    const blocked = await call('GET', '/api/admin/sistemas', temporary);
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json().error).toBe(ADMIN_MESSAGES.passwordChangeRequired);
    const changed = await call('POST', '/api/User/alterarSenha', temporary, {
      senhaAtual: senhaTemporaria,
      novaSenha: 'paula-senha-1',
      confirmacao: 'paula-senha-1',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const paula = await bearer('paula.sul', 'paula-senha-1');

    // She sees her system only, and may not create companies or systems.
    const systems = await call('GET', '/api/admin/sistemas', paula);
    expect(systems.json().map((s: { id: number }) => s.id)).toEqual([sisId]);
    expect((await call('POST', '/api/admin/empresas', paula, { nome: 'X' })).statusCode).toBe(403);
    expect(
      (await call('PATCH', `/api/admin/sistemas/${sisId}`, paula, { nome: 'Outro' })).statusCode,
    ).toBe(403);

    // A device in her plant, then its key.
    const models = (await call('GET', '/api/admin/modelos', paula)).json() as {
      id: number;
      tipo: string;
    }[];
    const generator = models.find((m) => m.tipo === 'gerador');
    expect(generator).toBeDefined();
    const device = await call('POST', '/api/admin/dispositivos', paula, {
      nome: 'GMG Pelotas 1',
      patrimonio: 'PEL-001',
      modeloId: generator?.id,
      sisId,
      usinaId,
    });
    expect(device.statusCode, device.body).toBe(201);
    expect(device.json()).toMatchObject({
      tipo: 'gerador',
      localNome: 'UTE Pelotas',
      uf: 'RS',
      credencial: false,
      ultimaLeitura: null,
    });
    const deviceId = device.json().id as number;
    // Its site page has the panels, charts and reports of a demo generator.
    const demoGenerator = await t.store.db
      .selectFrom('devices')
      .select('id')
      .where('tipo', '=', 'gerador')
      .where('system_id', '=', 179)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const presets = async (idSite: number, as: Headers) =>
      Promise.all(
        ['overview', 'graphical', 'table'].map(async (kind) => {
          const name =
            kind === 'overview' ? 'Overview' : kind === 'graphical' ? 'Graphical' : 'Table';
          const response = await call('GET', `/api/Configuration${name}/${idSite}/${kind}`, as);
          expect(response.statusCode, response.body).toBe(200);
          return (response.json() as { nome: string }[]).map((p) => p.nome);
        }),
      );
    expect(await presets(deviceId, paula)).toEqual(await presets(demoGenerator.id, admin));
    const tags = await t.store.db
      .selectFrom('tags')
      .select(['nome', 'unidade'])
      .where('device_id', '=', deviceId)
      .execute();
    expect(tags.map((tag) => tag.nome)).toEqual(expect.arrayContaining(['kW', 'Hz', 'statusGMG']));
    const twin = await call('POST', '/api/admin/dispositivos', paula, {
      nome: 'GMG Pelotas 2',
      patrimonio: 'pel-001',
      modeloId: generator?.id,
      sisId,
      usinaId,
    });
    expect(twin.statusCode).toBe(409);

    const issued = await call('POST', `/api/admin/dispositivos/${deviceId}/credenciais`, paula);
    expect(issued.statusCode, issued.body).toBe(200);
    const key = issued.json().chave as string;
    expect(issued.json()).toMatchObject({
      dispositivo: deviceId,
      usuarioMqtt: null,
      portaMqtt: null,
      topicoLeituras: `vigia/dispositivos/${deviceId}/leituras`,
    });
    const ts = Math.floor(Date.now() / 1000);
    const reading = (k: string, at: number) =>
      t.app.inject({
        method: 'POST',
        url: '/api/ingest',
        headers: { 'x-device-key': k },
        payload: { ts: at, leituras: { kW: 120.5 } },
      });
    expect((await reading(key, ts)).statusCode).toBe(202);
    const listed = (await call('GET', `/api/admin/dispositivos/${deviceId}`, paula)).json();
    expect(listed).toMatchObject({ credencial: true, ultimaLeitura: ts });

    // Rotated: the old key is refused at once (it was cached a moment ago), the new one works.
    const rotated = await call('POST', `/api/admin/dispositivos/${deviceId}/credenciais`, paula);
    const newKey = rotated.json().chave as string;
    expect(newKey).not.toBe(key);
    expect((await reading(key, ts + 1)).statusCode).toBe(401);
    expect((await reading(newKey, ts + 2)).statusCode).toBe(202);

    // Every write is in the audit log, the key never.
    expect(await auditActions(deviceId, 'dispositivo')).toEqual([
      'admin.dispositivo.criar',
      'admin.dispositivo.credenciais',
      'admin.dispositivo.credenciais',
    ]);
    expect(await auditActions(usuario.id, 'usuario')).toEqual(['admin.usuario.criar']);
    expect(await auditActions(sisId, 'sistema')).toEqual(['admin.sistema.criar']);
    const details = await t.store.db.selectFrom('audit_log').select('details').execute();
    expect(details.some((d) => d.details?.includes(newKey) || d.details?.includes(key))).toBe(
      false,
    );

    // The audit trail: hers are her system's rows only, newest first, page by page.
    const trail = await call('GET', '/api/auditoria?limit=500', paula);
    expect(trail.statusCode, trail.body).toBe(200);
    const rows = trail.json().itens as {
      id: number;
      sisId: number;
      acao: string;
      usuario: string;
    }[];
    expect(rows.length).toBeGreaterThanOrEqual(4);
    expect(rows.every((r) => r.sisId === sisId)).toBe(true);
    expect(rows.map((r) => r.id)).toEqual([...rows.map((r) => r.id)].sort((a, b) => b - a));
    expect(rows[0]).toMatchObject({ acao: 'admin.dispositivo.credenciais', usuario: 'paula.sul' });
    const byDevice = await call(
      'GET',
      `/api/auditoria?dispositivoId=${deviceId}&acao=admin.dispositivo`,
      admin,
    );
    expect(byDevice.json().itens.map((r: { acao: string }) => r.acao)).toEqual([
      'admin.dispositivo.credenciais',
      'admin.dispositivo.credenciais',
      'admin.dispositivo.criar',
    ]);
    const first = (await call('GET', `/api/auditoria?sisId=${sisId}&limit=2`, paula)).json();
    expect(first.itens).toHaveLength(2);
    const second = (
      await call('GET', `/api/auditoria?sisId=${sisId}&limit=2&antesDe=${first.proximo}`, paula)
    ).json();
    expect(second.itens[0].id).toBeLessThan(first.itens[1].id);
    expect((await call('GET', '/api/auditoria?sisId=179', paula)).statusCode).toBe(404);
    expect((await call('GET', '/api/auditoria', demo)).statusCode).toBe(403);
    // The platform's administrator reads every system's rows, commands and acknowledgements too.
    const all = (await call('GET', '/api/auditoria?limit=500', admin)).json();
    expect(new Set(all.itens.map((r: { sisId: number | null }) => r.sisId)).size).toBeGreaterThan(
      1,
    );

    // The place now counts its device and cannot be removed.
    const withDevice = await call('DELETE', `/api/admin/locais/${usinaId}?tipo=usina`, paula);
    expect(withDevice.statusCode).toBe(409);
    expect(withDevice.json().error).toBe(ADMIN_MESSAGES.placeHasDevices);

    // Tenancy holds for administrators: demo's systems' ids answer 404 to her.
    const demoDevice = await t.store.db
      .selectFrom('devices')
      .select(['id', 'usina_id'])
      .where('system_id', '=', 179)
      .where('usina_id', 'is not', null)
      .executeTakeFirstOrThrow();
    const foreign: [string, string, unknown?][] = [
      ['GET', `/api/admin/dispositivos/${demoDevice.id}`],
      ['PATCH', `/api/admin/dispositivos/${demoDevice.id}`, { nome: 'Meu' }],
      ['POST', `/api/admin/dispositivos/${demoDevice.id}/credenciais`],
      ['GET', `/api/admin/locais/${demoDevice.usina_id}?tipo=usina`],
      ['PATCH', `/api/admin/locais/${demoDevice.usina_id}?tipo=usina`, { nome: 'Meu' }],
      ['DELETE', `/api/admin/locais/${demoDevice.usina_id}?tipo=usina`],
      ['GET', '/api/admin/sistemas/179'],
      ['GET', '/api/admin/usuarios?sisId=179'],
      ['GET', '/api/admin/usuarios/1'],
      ['POST', `/api/admin/usuarios/1/senha`],
      ['PATCH', '/api/admin/usuarios/1', { bloqueado: true }],
      ['GET', '/api/admin/dispositivos?sisId=179'],
      [
        'POST',
        '/api/admin/dispositivos',
        { nome: 'X', patrimonio: 'X', modeloId: generator?.id, sisId: 179 },
      ],
      [
        'POST',
        '/api/admin/dispositivos',
        {
          nome: 'X',
          patrimonio: 'X2',
          modeloId: generator?.id,
          sisId,
          usinaId: demoDevice.usina_id,
        },
      ],
      ['POST', '/api/admin/usuarios', { nome: 'X', login: 'x.y', sistemas: [sisId, 179] }],
      ['POST', '/api/admin/locais', { tipo: 'venue', nome: 'X', sisId: 179 }],
    ];
    for (const [method, url, body] of foreign) {
      const response = await call(method, url, paula, body);
      expect(response.statusCode, `${method} ${url}: ${response.body}`).toBe(404);
    }
    expect(
      await t.store.db.selectFrom('users').select('id').where('login', '=', 'x.y').execute(),
    ).toEqual([]);
    expect(
      (
        await t.store.db
          .selectFrom('devices')
          .select('nome')
          .where('id', '=', demoDevice.id)
          .executeTakeFirstOrThrow()
      ).nome,
    ).not.toBe('Meu');
  });

  it('blocking a user ends their sessions at once; the last platform administrator stays', async () => {
    const created = await call('POST', '/api/admin/usuarios', admin, {
      nome: 'Rui Turno',
      login: 'rui.turno',
      sistemas: [179],
      comando: true,
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().usuario.id as number;
    const temporary = created.json().senhaTemporaria as string;
    const first = await signIn('rui.turno', temporary);
    const tokens = first.json();
    const header = { authorization: `Bearer ${tokens.access_token}` };
    await call('POST', '/api/User/alterarSenha', header, {
      senhaAtual: temporary,
      novaSenha: 'rui-senha-12',
      confirmacao: 'rui-senha-12',
    });
    const session = await signIn('rui.turno', 'rui-senha-12');
    const live = { authorization: `Bearer ${session.json().access_token}` };
    expect((await call('GET', '/api/User/userinfo', live)).statusCode).toBe(200);

    const blocked = await call('PATCH', `/api/admin/usuarios/${id}`, admin, { bloqueado: true });
    expect(blocked.statusCode, blocked.body).toBe(200);
    expect(blocked.json().bloqueado).toBe(true);
    expect((await call('GET', '/api/User/userinfo', live)).statusCode).toBe(401);
    const refresh = await t.app.inject({
      method: 'POST',
      url: '/oauth/token',
      headers: FORM,
      payload: form({
        grant_type: 'refresh_token',
        client_id: 'vigia-web',
        refresh_token: session.json().refresh_token,
      }),
    });
    expect(refresh.statusCode).toBeGreaterThanOrEqual(400);
    expect(await auditActions(id, 'usuario')).toEqual([
      'admin.usuario.criar',
      'admin.usuario.bloquear',
    ]);

    const adminId = (await call('GET', '/api/User/userinfo', admin)).json().id as number;
    const last = await call('PATCH', `/api/admin/usuarios/${adminId}`, admin, { bloqueado: true });
    expect(last.statusCode).toBe(409);
    expect(last.json().error).toBe(ADMIN_MESSAGES.lastPlatformAdmin);
  });

  it('answers bad input with 400 in pt-BR and writes nothing', async () => {
    const before = await t.store.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    for (const body of [
      { nome: 'A', login: 'a b', sistemas: [179] },
      { nome: 'A', login: 'ab.cd', sistemas: [] },
      { nome: 'A', login: 'ab.cd', email: 'não-é-email', sistemas: [179] },
      { nome: '', login: 'ab.cd', sistemas: [179] },
      { nome: 'A', login: 'ab.cd', sistemas: [2 ** 31] },
    ]) {
      const response = await call('POST', '/api/admin/usuarios', admin, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().error).toBe('Requisição inválida.');
    }
    const after = await t.store.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
    const lat = await call('POST', '/api/admin/locais', admin, {
      tipo: 'venue',
      nome: 'V',
      sisId: 179,
      lat: 91,
    });
    expect(lat.statusCode).toBe(400);
  });

  it('a platform administrator writing into a system that does not exist gets 404, not 500', async () => {
    const model = await t.store.db
      .selectFrom('device_templates')
      .select('id')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const missing = 1_795_073_549;
    const devices = await t.store.db
      .selectFrom('devices')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    const device = await call('POST', '/api/admin/dispositivos', admin, {
      nome: 'Sem sistema',
      patrimonio: 'SEM-SISTEMA-1',
      modeloId: model.id,
      sisId: missing,
      uf: 'SP',
    });
    expect(device.statusCode, device.body).toBe(404);
    expect(device.json().error).toEqual(expect.any(String));
    const place = await call('POST', '/api/admin/locais', admin, {
      tipo: 'venue',
      nome: 'Sem sistema',
      sisId: missing,
    });
    expect(place.statusCode, place.body).toBe(404);
    const after = await t.store.db
      .selectFrom('devices')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(devices.n));
  });
});
