import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SignJWT } from 'jose';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appSecret } from '../store/auth/jwtSecret.js';
import { openStore, type Store } from '../store/database.js';
import { createTestDatabase, type TestDatabase, testStoreAvailable } from '../store/testStore.js';
import { startTestApp, type TestApp } from '../test/testApp.js';
import { createAccessTokens, signingKeyId } from './accessTokens.js';
import { resolveSigningSecrets, SIGNING_SECRET_FILE } from './signingSecrets.js';

const available = await testStoreAvailable();
const modeOf = (path: string) => statSync(path).mode & 0o777;
const A = `${'a'.repeat(20)}chave-anterior-de-teste-0001`;
const B = `${'b'.repeat(20)}chave-nova-de-teste-000000002`;
const kidOf = (token: string) =>
  JSON.parse(Buffer.from(token.split('.')[0] ?? '', 'base64url').toString()).kid;

/** What the database still says about the old signing key: its row, and on SQLite its bytes. */
async function secretLeftInDatabase(store: Store, file: string, secret: string) {
  const rows = await sql<{ name: string }>`select name from app_secrets`.execute(store.db);
  const names = rows.rows.map((r) => r.name);
  if (store.dialect !== 'sqlite') return { names, inFile: false };
  const bytes = ['', '-wal']
    .map((ext) => {
      try {
        return readFileSync(`${file}${ext}`).toString('latin1');
      } catch {
        return '';
      }
    })
    .join('');
  return { names, inFile: bytes.includes(secret) };
}

describe.skipIf(!available)('the access-token signing key, outside the database', () => {
  let dataDir: string;
  let database: TestDatabase;
  let store: Store;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'vigia-chave-'));
    database = await createTestDatabase('demo');
    store = await openStore(database.url);
  });
  afterAll(async () => {
    await store?.close();
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("moves an older version's key from the database to a 0600 file once; its sessions go on", async () => {
    // What versions before issue 30 did: a key generated into the database, tokens without kid.
    const legacy = await appSecret(store.db, 'jwt_hs256');
    if (store.raw.dialect === 'sqlite') store.raw.sqlite.pragma('wal_checkpoint(TRUNCATE)');
    const before = await secretLeftInDatabase(store, database.name, legacy);
    expect(before.names).toContain('jwt_hs256');
    if (store.dialect === 'sqlite') expect(before.inFile).toBe(true);
    const now = Math.floor(Date.now() / 1000);
    const oldToken = await new SignJWT({ sid: 's-1' })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject('7')
      .setIssuer('vigia')
      .setAudience('vigia-api')
      .setExpirationTime(now + 600)
      .sign(new TextEncoder().encode(legacy));

    const dir = join(dataDir, 'migrado');
    const config = { jwtSecret: undefined, jwtSecretPrevious: undefined, dataDir: dir };
    const first = await resolveSigningSecrets(config, store);
    const file = join(dir, SIGNING_SECRET_FILE);
    expect(first).toMatchObject({ current: legacy, movedFromDatabase: true, file });
    expect(readFileSync(file, 'utf8')).toBe(`${legacy}\n`);
    expect(modeOf(file)).toBe(0o600);
    const after = await secretLeftInDatabase(store, database.name, legacy);
    expect(after.names).not.toContain('jwt_hs256');
    expect(after.inFile).toBe(false);
    expect(await createAccessTokens(first, 60).verify(oldToken)).toMatchObject({ userId: 7 });

    const again = await resolveSigningSecrets(config, store);
    expect(again).toMatchObject({ current: legacy, movedFromDatabase: false });
  });

  it('generates the key into a 0600 file on the first start and keeps it across starts', async () => {
    const dir = join(dataDir, 'novo');
    const config = { jwtSecret: undefined, jwtSecretPrevious: undefined, dataDir: dir };
    const first = await resolveSigningSecrets(config, store);
    const file = join(dir, SIGNING_SECRET_FILE);
    expect(first.current.length).toBeGreaterThanOrEqual(48);
    expect(first.previous).toBeUndefined();
    expect(modeOf(file)).toBe(0o600);
    expect(modeOf(dir)).toBe(0o700);
    expect((await secretLeftInDatabase(store, database.name, first.current)).inFile).toBe(false);
    // Left world-readable by hand: closed again at the next start, same key.
    writeFileSync(file, `${first.current}\n`, { mode: 0o644 });
    expect((await resolveSigningSecrets(config, store)).current).toBe(first.current);
    expect(modeOf(file)).toBe(0o600);
  });

  it('takes the environment first and refuses a file it cannot read as keys', async () => {
    const dir = join(dataDir, 'ambiente');
    const fromEnv = await resolveSigningSecrets(
      { jwtSecret: B, jwtSecretPrevious: A, dataDir: dir },
      store,
    );
    expect(fromEnv).toMatchObject({ current: B, previous: A, fromEnvironment: true });
    const bad = join(dataDir, 'ruim');
    const config = { jwtSecret: undefined, jwtSecretPrevious: undefined, dataDir: bad };
    await resolveSigningSecrets(config, store);
    writeFileSync(join(bad, SIGNING_SECRET_FILE), 'curta\n');
    await expect(resolveSigningSecrets(config, store)).rejects.toThrow(/ao menos 32 caracteres/);
  });

  it('server processes starting side by side on one folder all end with the same key', async () => {
    const dir = join(dataDir, 'paralelo');
    const module = new URL('./signingSecrets.ts', import.meta.url).href;
    const script = `
      const { createSecretFile, readSecretFile } = await import(${JSON.stringify(module)});
      const file = ${JSON.stringify(join(dir, SIGNING_SECRET_FILE))};
      createSecretFile(file, 'processo-' + process.pid + '-'.repeat(40));
      console.log(readSecretFile(file).current);`;
    const run = () =>
      new Promise<string>((resolve, reject) => {
        const child = spawn(
          process.execPath,
          ['--import', 'tsx', '--conditions=source', '--input-type=module', '-e', script],
          { stdio: ['ignore', 'pipe', 'inherit'] },
        );
        let out = '';
        child.stdout.on('data', (chunk: Buffer) => {
          out += chunk.toString();
        });
        child.once('exit', (code) =>
          code === 0 ? resolve(out.trim()) : reject(new Error(`saiu com ${code}`)),
        );
      });
    const keys = await Promise.all([run(), run(), run(), run()]);
    expect(new Set(keys).size).toBe(1);
    expect(readFileSync(join(dir, SIGNING_SECRET_FILE), 'utf8')).toBe(`${keys[0]}\n`);
  }, 60_000);
});

describe.skipIf(!available)('a key rollover does not sign everyone out', () => {
  let store: Store;
  let database: TestDatabase;
  const apps: TestApp[] = [];
  const start = async (env: Record<string, string>) => {
    const t = await startTestApp({ store, env });
    apps.push(t);
    return t;
  };
  const userinfo = (t: TestApp, token: string) =>
    t.app
      .inject({
        method: 'GET',
        url: '/api/User/userinfo',
        headers: { authorization: `Bearer ${token}` },
      })
      .then((r) => r.statusCode);

  beforeAll(async () => {
    database = await createTestDatabase('demo');
    store = await openStore(database.url);
  });
  afterAll(async () => {
    for (const t of apps) await t.close();
    await store?.close();
    await database?.drop();
  });

  it('signs with the new key, accepts the previous during the rollover, refuses it after and refuses unknown keys', async () => {
    const old = await start({ VIGIA_JWT_SECRET: A });
    const oldToken = (await old.login('demo')).access_token;
    expect(kidOf(oldToken)).toBe(signingKeyId(A));

    const rolling = await start({ VIGIA_JWT_SECRET: B, VIGIA_JWT_SECRET_PREVIOUS: A });
    expect(await userinfo(rolling, oldToken)).toBe(200);
    const newToken = (await rolling.login('demo')).access_token;
    expect(kidOf(newToken)).toBe(signingKeyId(B));
    // A node not yet restarted has A only: the new token is not its key.
    expect(await userinfo(old, newToken)).toBe(401);

    const after = await start({ VIGIA_JWT_SECRET: B });
    expect(await userinfo(after, newToken)).toBe(200);
    expect(await userinfo(after, oldToken)).toBe(401);

    const foreign = await createAccessTokens({ current: 'z'.repeat(48) }, 900).issue(1, 'x');
    expect(await userinfo(rolling, foreign)).toBe(401);
  });

  it('the same rollover on the file: the first line signs, the second is still accepted', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'vigia-chave-troca-'));
    try {
      writeFileSync(join(dir, SIGNING_SECRET_FILE), `${A}\n`, { mode: 0o600 });
      const old = await start({ VIGIA_JWT_SECRET: '', VIGIA_DATA_DIR: dir });
      const oldToken = (await old.login('demo')).access_token;
      expect(kidOf(oldToken)).toBe(signingKeyId(A));
      writeFileSync(join(dir, SIGNING_SECRET_FILE), `${B}\n${A}\n`);
      const rolling = await start({ VIGIA_JWT_SECRET: '', VIGIA_DATA_DIR: dir });
      expect(await userinfo(rolling, oldToken)).toBe(200);
      expect(kidOf((await rolling.login('demo')).access_token)).toBe(signingKeyId(B));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
