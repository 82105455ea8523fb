import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ADMIN_MESSAGES } from '@vigia/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Store } from '../store/database.js';
import { createTestDatabase, openTestStore, testStoreAvailable } from '../store/testStore.js';
import { FORM, form, startTestApp, type TestApp } from '../test/testApp.js';
import { FIRST_RUN_CODE_FILE, firstRunCodeMatches, prepareFirstRun } from './firstRun.js';

const available = await testStoreAvailable();
const CLI = fileURLToPath(new URL('../adminCli.ts', import.meta.url));
const REPO_ROOT = fileURLToPath(new URL('../../../../', import.meta.url));

/** `npm run admin -- …` as its built form runs it, from source; the answers on standard input. */
function runCli(args: string[], input: string, env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', '--conditions=source', CLI, ...args], {
    cwd: REPO_ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  child.stdin.end(input);
  return new Promise<{ code: number | null; output: string }>((resolve) =>
    child.once('exit', (code) => resolve({ code, output })),
  );
}

describe.skipIf(!available)('first run on a database without the demo', () => {
  let t: TestApp;
  let store: Store;
  let dataDir: string;

  beforeAll(async () => {
    store = await openTestStore('empty');
    dataDir = mkdtempSync(join(tmpdir(), 'vigia-primeira-'));
    t = await startTestApp({ store, env: { VIGIA_DATA_DIR: dataDir } });
  });
  afterAll(async () => {
    await t?.close();
    await store?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const state = async () =>
    (await t.app.inject({ method: 'GET', url: '/api/configuracao-inicial' })).json();
  const submit = (codigo: string, login = 'ana.admin', address = '10.5.0.1') =>
    t.app.inject({
      method: 'POST',
      url: '/api/configuracao-inicial',
      remoteAddress: address,
      payload: {
        codigo,
        nome: 'Ana Admin',
        login,
        senha: 'senha-forte-1',
        confirmacao: 'senha-forte-1',
      },
    });

  it('writes a one-time code for the owner only, takes it once, then is closed', async () => {
    expect(await state()).toEqual({ pendente: true });
    const code = await prepareFirstRun(store, dataDir);
    expect(code).toMatch(/^[A-Z2-9]{4}(-[A-Z2-9]{4}){3}$/);
    const file = join(dataDir, FIRST_RUN_CODE_FILE);
    expect(readFileSync(file, 'utf8').trim()).toBe(code);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    // The code is kept hashed, never in the clear.
    const rows = await store.db.selectFrom('first_run_codes').select('code_hash').execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]?.code_hash).not.toContain(code);

    const wrong = await submit('AAAA-BBBB-CCCC-DDDD');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error).toBe(ADMIN_MESSAGES.firstRunInvalidCode);
    const mismatch = await t.app.inject({
      method: 'POST',
      url: '/api/configuracao-inicial',
      payload: {
        codigo: code,
        nome: 'A',
        login: 'ana',
        senha: 'senha-forte-1',
        confirmacao: 'outra',
      },
    });
    expect(mismatch.statusCode).toBe(400);

    const created = await submit(String(code).toLowerCase());
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().mensagem).toBe(ADMIN_MESSAGES.firstRunDone);
    expect(await state()).toEqual({ pendente: false });
    expect(() => statSync(file)).toThrow();

    const again = await submit(String(code), 'outro.admin');
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe(ADMIN_MESSAGES.firstRunClosed);
    expect(await prepareFirstRun(store, dataDir)).toBeUndefined();

    const signIn = await t.app.inject({
      method: 'POST',
      url: '/oauth/token',
      headers: FORM,
      payload: form({
        grant_type: 'password',
        client_id: 'vigia-web',
        username: 'ana.admin',
        password: 'senha-forte-1',
      }),
    });
    expect(signIn.statusCode).toBe(200);
    const info = await t.app.inject({
      method: 'GET',
      url: '/api/User/userinfo',
      headers: { authorization: `Bearer ${signIn.json().access_token}` },
    });
    expect(info.json()).toMatchObject({ administradorPlataforma: true, trocarSenha: false });
  });

  it('throttles guesses of the code like sign-ins', async () => {
    const fresh = await openTestStore('empty');
    const app = await startTestApp({ store: fresh, env: { VIGIA_DATA_DIR: dataDir } });
    try {
      await prepareFirstRun(fresh, dataDir);
      const statuses: number[] = [];
      for (let i = 0; i < 12; i += 1) {
        const response = await app.app.inject({
          method: 'POST',
          url: '/api/configuracao-inicial',
          remoteAddress: '10.5.0.9',
          payload: {
            codigo: `XXXX-XXXX-XXXX-${String(i).padStart(4, '0')}`,
            nome: 'X',
            login: 'xx.yy',
            senha: 'senha-forte-1',
            confirmacao: 'senha-forte-1',
          },
        });
        statuses.push(response.statusCode);
      }
      expect(statuses).toContain(429);
      expect(statuses.filter((s) => s !== 400 && s !== 429)).toEqual([]);
    } finally {
      await app.close();
      await fresh.close();
    }
  });
});

describe.skipIf(!available)('npm run admin -- criar-administrador', () => {
  it('creates the first platform administrator from a terminal, once', async () => {
    const database = await createTestDatabase('empty');
    const dataDir = mkdtempSync(join(tmpdir(), 'vigia-cli-'));
    const env = { DATABASE_URL: database.url, VIGIA_DATA_DIR: dataDir, VIGIA_DEMO: '0' };
    try {
      const short = await runCli(['criar-administrador', 'root.admin'], 'curta\ncurta\n', env);
      expect(short.code).toBe(2);
      expect(short.output).toContain('A senha deve ter pelo menos 8 caracteres.');
      const made = await runCli(
        ['criar-administrador', 'root.admin', 'Raiz', 'Admin'],
        'senha-muito-boa\nsenha-muito-boa\n',
        env,
      );
      expect(made.code, made.output).toBe(0);
      expect(made.output).not.toContain('senha-muito-boa');
      const again = await runCli(
        ['criar-administrador', 'other'],
        'senha-muito-boa\nsenha-muito-boa\n',
        env,
      );
      expect(again.code).toBe(1);
      expect(again.output).toContain(ADMIN_MESSAGES.firstRunClosed);
      const store = await (await import('../store/database.js')).openStore(database.url);
      try {
        const user = await store.db
          .selectFrom('users')
          .select(['nome', 'platform_admin'])
          .where('login', '=', 'root.admin')
          .executeTakeFirstOrThrow();
        expect(user).toEqual({ nome: 'Raiz Admin', platform_admin: 1 });
      } finally {
        await store.close();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
      await database.drop();
    }
  });
});

describe.skipIf(!available)('first run on nodes starting together', () => {
  it('each node writes its code without a duplicate key, and the last one written works', async () => {
    const store = await openTestStore('empty');
    const dirs = [0, 1, 2].map(() => mkdtempSync(join(tmpdir(), 'vigia-no-')));
    try {
      const codes = await Promise.all(dirs.map((dir) => prepareFirstRun(store, dir)));
      expect(codes.every((code) => typeof code === 'string')).toBe(true);
      const working = await Promise.all(
        codes.map((code) => firstRunCodeMatches(store, String(code))),
      );
      expect(working.filter(Boolean)).toHaveLength(1);
    } finally {
      await store.close();
      for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
    }
  });
});
