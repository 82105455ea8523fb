import { MESSAGES } from '@vigia/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testStoreAvailable } from '../store/testStore.js';
import { FORM, form, startTestApp, type TestApp } from '../test/testApp.js';

const available = await testStoreAvailable();

describe.skipIf(!available)('/api/User', () => {
  let t: TestApp;
  const get = async (url: string, user: 'demo' | 'cliente' | 'admin') =>
    t.app.inject({ method: 'GET', url, headers: await t.authHeader(user) });
  const systemsOf = async (login: string) =>
    (
      await t.store.db
        .selectFrom('user_systems')
        .innerJoin('users', 'users.id', 'user_systems.user_id')
        .select('system_id')
        .where('users.login', '=', login)
        .execute()
    ).map((r) => r.system_id);

  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  describe('GET /api/User/userinfo', () => {
    it('demo: command right, several systems including 121 that opens the generators page', async () => {
      const response = await get('/api/User/userinfo', 'demo');
      expect(response.statusCode).toBe(200);
      const info = response.json();
      expect(info).toMatchObject({ login: 'demo', administrador: false });
      expect(info.direitos_id).toContain(1);
      expect(info.sistemas.length).toBeGreaterThan(1);
      expect(info.sistemas.map((s: { id: number }) => s.id).sort()).toEqual(
        (await systemsOf('demo')).sort(),
      );
      expect(info.sistemas.find((s: { id: number }) => s.id === 121)).toMatchObject({
        id: 121,
        home: 'geradores',
        nome: expect.any(String),
        empresa: expect.any(String),
      });
    });

    it('each system names its features from its configuration', async () => {
      const info = (await get('/api/User/userinfo', 'demo')).json();
      const recursos = (id: number) =>
        info.sistemas.find((s: { id: number }) => s.id === id)?.recursos;
      expect(recursos(121)).toEqual(['combustivel', 'gps']);
      expect(recursos(179)).toEqual(['combustivel', 'planoSaude', 'relatoriosArquivos']);
      expect(recursos(210)).toEqual([]);
    });

    it('cliente: exactly one system, no command right', async () => {
      const info = (await get('/api/User/userinfo', 'cliente')).json();
      expect(info.sistemas).toHaveLength(1);
      expect(info.direitos_id).not.toContain(1);
      expect(info.administrador).toBe(false);
    });

    it('answers the profile and systems only, nothing of the session', async () => {
      const info = (await get('/api/User/userinfo', 'demo')).json();
      expect(Object.keys(info).sort()).toEqual(
        [
          'acesso',
          'administrador',
          'administradorPlataforma',
          'direitos_id',
          'id',
          'login',
          'nome',
          'sistemas',
          'trocarSenha',
        ].sort(),
      );
      expect(info).toMatchObject({ administradorPlataforma: false, trocarSenha: false });
    });

    it('admin is the administrator', async () => {
      expect((await get('/api/User/userinfo', 'admin')).json().administrador).toBe(true);
    });
  });

  describe('GET /api/User/listatipos', () => {
    const now = () => Math.floor(Date.now() / 1000);
    /** Computed straight from the tables, independently of the route. */
    const expected = async (systemIds: number[]) => {
      const devices = await t.store.db
        .selectFrom('devices')
        .select(['id', 'tipo', 'last_seen_at'])
        .where('system_id', 'in', systemIds)
        .execute();
      const active = await t.store.db
        .selectFrom('occurrences')
        .select('device_id')
        .where('system_id', 'in', systemIds)
        .where('hora_desativacao', 'is', null)
        .where('is_evt', '=', 0)
        .execute();
      const alarmed = new Set(active.map((o) => o.device_id));
      const byType: Record<string, { total: number; online: number; comAlarme: number }> = {};
      for (const d of devices) {
        const row = byType[d.tipo] ?? { total: 0, online: 0, comAlarme: 0 };
        byType[d.tipo] = row;
        row.total += 1;
        const limitMin = d.tipo === 'medidor' ? 180 : 30;
        if (d.last_seen_at !== null && now() - d.last_seen_at < limitMin * 60) row.online += 1;
        if (alarmed.has(d.id)) row.comAlarme += 1;
      }
      return byType;
    };
    const asMap = (rows: { tipo: string; total: number; online: number; comAlarme: number }[]) =>
      Object.fromEntries(rows.map(({ tipo, ...counts }) => [tipo, counts]));

    it('sisid=0 totals every device type over all the caller’s systems', async () => {
      const response = await get('/api/User/listatipos?sisid=0', 'demo');
      expect(response.statusCode).toBe(200);
      const rows = response.json();
      expect(rows.length).toBeGreaterThan(0);
      expect(asMap(rows)).toEqual(await expected(await systemsOf('demo')));
    });

    it('one system: only its devices; an alarm opened on a device is counted', async () => {
      const rows = (await get('/api/User/listatipos?sisid=121', 'demo')).json();
      expect(asMap(rows)).toEqual(await expected([121]));
      const device = await t.store.db
        .selectFrom('devices')
        .select(['id', 'tipo'])
        .where('system_id', '=', 121)
        .where(({ not, exists, selectFrom }) =>
          not(
            exists(
              selectFrom('occurrences')
                .select('id')
                .whereRef('occurrences.device_id', '=', 'devices.id')
                .where('hora_desativacao', 'is', null)
                .where('is_evt', '=', 0),
            ),
          ),
        )
        .orderBy('id')
        .executeTakeFirstOrThrow();
      const before = asMap(rows)[device.tipo]?.comAlarme ?? 0;
      await t.store.db
        .insertInto('occurrences')
        .values({
          system_id: 121,
          device_id: device.id,
          site_id: device.id,
          critico: 1,
          is_evt: 0,
          hora_ativacao: now(),
          nome_alarme: 'Teste de contagem',
        })
        .execute();
      const after = asMap((await get('/api/User/listatipos?sisid=121', 'demo')).json());
      expect(after[device.tipo]?.comAlarme).toBe(before + 1);
    });

    it('a system of someone else is 404; a missing or bad sisid is 400 in Portuguese', async () => {
      const cliente = await systemsOf('cliente');
      const outside = (await systemsOf('demo')).find((id) => !cliente.includes(id));
      expect(outside).toBeDefined();
      const response = await get(`/api/User/listatipos?sisid=${outside}`, 'cliente');
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ error: MESSAGES.notFound });
      const unknown = await get('/api/User/listatipos?sisid=987654', 'cliente');
      expect(unknown.statusCode).toBe(404);
      const bad = await get('/api/User/listatipos?sisid=abc', 'cliente');
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toMatchObject({
        error: MESSAGES.invalidRequest,
        detalhes: [{ campo: 'sisid', mensagem: expect.any(String) }],
      });
      expect((await get('/api/User/listatipos', 'cliente')).statusCode).toBe(400);
    });
  });

  describe('POST /api/User/alterarSenha', () => {
    const change = (authorization: string, body: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url: '/api/User/alterarSenha',
        headers: { authorization },
        payload: body,
      });

    it('refuses a wrong current password, a short one and a mismatched confirmation', async () => {
      const { authorization } = await t.authHeader('cliente');
      const wrong = await change(authorization, {
        senhaAtual: 'errada',
        novaSenha: 'nova-senha-1',
        confirmacao: 'nova-senha-1',
      });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json()).toEqual({ error: MESSAGES.wrongCurrentPassword });

      const short = await change(authorization, {
        senhaAtual: 'cliente',
        novaSenha: 'abc',
        confirmacao: 'abc',
      });
      expect(short.statusCode).toBe(400);
      expect(short.json().detalhes).toContainEqual({
        campo: 'novaSenha',
        mensagem: MESSAGES.passwordTooShort,
      });

      const mismatch = await change(authorization, {
        senhaAtual: 'cliente',
        novaSenha: 'nova-senha-1',
        confirmacao: 'nova-senha-2',
      });
      expect(mismatch.statusCode).toBe(400);
      expect(mismatch.json().detalhes).toContainEqual({
        campo: 'confirmacao',
        mensagem: MESSAGES.passwordMismatch,
      });
    });

    it('changes the password, keeps this session and ends the others', async () => {
      const other = await t.login('admin');
      const current = await t.login('admin');
      const response = await change(`Bearer ${current.access_token}`, {
        senhaAtual: 'admin',
        novaSenha: 'admin-nova-senha',
        confirmacao: 'admin-nova-senha',
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ mensagem: 'Senha alterada com sucesso!' });

      const me = (token: string) =>
        t.app.inject({ url: '/api/User/userinfo', headers: { authorization: `Bearer ${token}` } });
      expect((await me(current.access_token)).statusCode).toBe(200);
      expect((await me(other.access_token)).statusCode).toBe(401);

      const signIn = (password: string) =>
        t.app.inject({
          method: 'POST',
          url: '/oauth/token',
          headers: FORM,
          remoteAddress: '10.3.0.1',
          payload: form({
            grant_type: 'password',
            client_id: 'vigia-web',
            username: 'admin',
            password,
          }),
        });
      expect((await signIn('admin')).statusCode).toBe(400);
      expect((await signIn('admin-nova-senha')).statusCode).toBe(200);
    });
  });
});
