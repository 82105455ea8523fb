import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createConnection } from 'node:net';
import { userInfo } from 'node:os';
import { join } from 'node:path';
import type { HealthResponse } from '@vigia/contract';
import { BROKER_SERVER_USER, brokerServerPasswordFile } from '../config.js';
import { MAX_PACKET_BYTES } from '../ingest/mqtt.js';
import type { Store } from '../store/database.js';
import { deviceKeyHashes } from '../store/ingest/ingestRepository.js';
import { deviceBrokerUser, type IssuedKey, issueDeviceKeys } from './deviceCredentials.js';

/**
 * The project's own Mosquitto: every device has an account (`dispositivo-<id>`,
 * its key as password, hashed by `mosquitto_passwd`) and an ACL that lets it
 * publish only its readings and command statuses and read only its commands;
 * the server has an account with full rights over `vigia/#`. Nobody else gets in.
 */
export interface BrokerFiles {
  dir: string;
  config: string;
  passwords: string;
  acl: string;
  pid: string;
  /** Mosquitto's log (errors, warnings, notices: connections, refused packets). */
  log: string;
}

export const brokerFiles = (dir: string): BrokerFiles => ({
  dir,
  config: join(dir, 'mosquitto.conf'),
  passwords: join(dir, 'passwd'),
  acl: join(dir, 'acl'),
  pid: join(dir, 'mosquitto.pid'),
  log: join(dir, 'mosquitto.log'),
});

/** A device's topics (the commands engineer's topics included: devices answer on `comandos/status`). */
export const deviceTopics = (deviceId: number) => {
  const base = `vigia/dispositivos/${deviceId}`;
  return {
    readings: `${base}/leituras`,
    commands: `${base}/comandos`,
    commandStatus: `${base}/comandos/status`,
  };
};

/**
 * One `user` block per device: a `pattern` cannot serve here, since `%u` is the
 * whole user name (`dispositivo-1001`) while the topics carry the bare id, and
 * `%c` (the client id) is chosen by the client, not authenticated.
 */
export function aclText(deviceIds: readonly number[], serverUser = BROKER_SERVER_USER): string {
  const lines = [
    '# Gerado pelo Vigia a cada início; alterações manuais são perdidas.',
    '# Sem linhas antes do primeiro "user": anônimos não têm acesso a nada.',
    `user ${serverUser}`,
    'topic readwrite vigia/#',
    'topic read $SYS/#',
  ];
  for (const id of deviceIds) {
    const t = deviceTopics(id);
    lines.push(
      '',
      `user ${deviceBrokerUser(id)}`,
      `topic write ${t.readings}`,
      `topic write ${t.commandStatus}`,
      `topic read ${t.commands}`,
    );
  }
  return `${lines.join('\n')}\n`;
}

export function configText(files: BrokerFiles, port: number): string {
  return `${[
    '# Gerado pelo Vigia a cada início; alterações manuais são perdidas.',
    `listener ${port} 127.0.0.1`,
    'allow_anonymous false',
    `password_file ${files.passwords}`,
    `acl_file ${files.acl}`,
    // Sessions of the server nodes (their unacknowledged readings) survive a broker restart.
    'persistence true',
    `persistence_location ${files.dir}/`,
    'autosave_interval 30',
    // Readings wait for a node that is down or restarting instead of being dropped at 1,000.
    'max_queued_messages 1000000',
    'max_inflight_messages 1000',
    // A device's oversized packet is refused at the broker; one a little over 1 MiB reaches the server, which refuses and counts it.
    `max_packet_size ${MAX_PACKET_BYTES}`,
    `pid_file ${files.pid}`,
    `log_dest file ${files.log}`,
    'log_type error',
    'log_type warning',
    'log_type notice',
    // Run as whoever runs the server (as root Mosquitto would switch to `mosquitto`, which cannot read these files).
    `user ${userInfo().username}`,
  ].join('\n')}\n`;
}

/** The user names of a Mosquitto password file. */
export function passwordFileUsers(text: string): Set<string> {
  const users = new Set<string>();
  for (const line of text.split('\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) users.add(line.slice(0, colon));
  }
  return users;
}

/** `user:hash` lines for the given passwords, hashed by `mosquitto_passwd -U` (one run for all). */
function hashPasswords(dir: string, accounts: readonly [string, string][]): Map<string, string> {
  const hashed = new Map<string, string>();
  if (accounts.length === 0) return hashed;
  const plain = join(dir, `.passwd-${randomBytes(6).toString('hex')}`);
  writeFileSync(plain, accounts.map(([user, password]) => `${user}:${password}\n`).join(''), {
    mode: 0o600,
  });
  try {
    execFileSync('mosquitto_passwd', ['-U', plain], { stdio: ['ignore', 'ignore', 'pipe'] });
    for (const line of readFileSync(plain, 'utf8').split('\n')) {
      const colon = line.indexOf(':');
      if (colon > 0) hashed.set(line.slice(0, colon), line);
    }
  } finally {
    rmSync(plain, { force: true });
  }
  return hashed;
}

function writePrivate(path: string, text: string): void {
  const temp = `${path}.${randomBytes(4).toString('hex')}.tmp`;
  writeFileSync(temp, text, { mode: 0o600 });
  renameSync(temp, path);
}

export interface ProvisionOptions {
  dir: string;
  port: number;
  /** Where keys issued to devices are appended for handing out (see `issueDeviceKeys`). */
  keysFile: string;
  /** The server's password (MQTT_PASSWORD); unset: generated once and kept in the folder. */
  serverPassword?: string;
}

export interface Provisioned {
  files: BrokerFiles;
  /** Keys issued in this run (devices new to the broker). */
  issued: IssuedKey[];
}

/**
 * Writes the broker's configuration, password file and ACL for the devices in
 * the store. A device without a broker account gets a new random key (stored
 * hashed on our side; the plain key appended to `keysFile` for handing out);
 * accounts already in the password file are kept as they are.
 */
export async function provisionBroker(store: Store, opts: ProvisionOptions): Promise<Provisioned> {
  const files = brokerFiles(opts.dir);
  mkdirSync(files.dir, { recursive: true, mode: 0o700 });
  chmodSync(files.dir, 0o700);
  const existing = existsSync(files.passwords) ? readFileSync(files.passwords, 'utf8') : '';
  const users = passwordFileUsers(existing);

  const serverPasswordFile = brokerServerPasswordFile(files.dir);
  let serverPassword = opts.serverPassword;
  if (serverPassword === undefined) {
    if (existsSync(serverPasswordFile)) {
      serverPassword = readFileSync(serverPasswordFile, 'utf8').trim();
    } else {
      serverPassword = randomBytes(24).toString('base64url');
      writePrivate(serverPasswordFile, `${serverPassword}\n`);
    }
  }

  const issued = await issueDeviceKeys(store, {
    keysFile: opts.keysFile,
    alsoFor: (id) => !users.has(deviceBrokerUser(id)),
  });
  const hashed = hashPasswords(files.dir, [
    [BROKER_SERVER_USER, serverPassword],
    ...issued.map((k): [string, string] => [deviceBrokerUser(k.deviceId), k.key]),
  ]);
  const deviceIds = (await deviceKeyHashes(store.db)).map((d) => d.id);
  const kept = new Map<string, string>();
  for (const line of existing.split('\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) kept.set(line.slice(0, colon), line);
  }
  for (const [user, line] of hashed) kept.set(user, line);
  // Accounts of devices no longer in the store are dropped.
  const wanted = new Set([BROKER_SERVER_USER, ...deviceIds.map(deviceBrokerUser)]);
  const lines = [...kept].filter(([user]) => wanted.has(user)).map(([, line]) => line);
  writePrivate(files.passwords, `${lines.join('\n')}\n`);
  writePrivate(files.acl, aclText(deviceIds));
  writePrivate(files.config, configText(files, opts.port));
  return { files, issued };
}

/**
 * Gives one device a new password (its new key) and the ACL of every device
 * in the store, then makes a running broker reload both (SIGHUP): the old key
 * is refused from the next connection on, without a restart.
 */
export async function setDeviceAccount(
  store: Store,
  files: BrokerFiles,
  deviceId: number,
  key: string,
): Promise<void> {
  const user = deviceBrokerUser(deviceId);
  const line = hashPasswords(files.dir, [[user, key]]).get(user);
  if (!line) throw new Error(`mosquitto_passwd não gerou a senha de ${user}`);
  await rewriteAccount(store, files, user, line);
}

/** Takes a removed device's account out of the password file and the ACL; the broker reloads them. */
export async function removeDeviceAccount(
  store: Store,
  files: BrokerFiles,
  deviceId: number,
): Promise<void> {
  await rewriteAccount(store, files, deviceBrokerUser(deviceId), null);
}

/** Replaces (or drops, `line` null) one user's password line, rewrites the ACL from the database, reloads. */
async function rewriteAccount(
  store: Store,
  files: BrokerFiles,
  user: string,
  line: string | null,
): Promise<void> {
  const existing = existsSync(files.passwords) ? readFileSync(files.passwords, 'utf8') : '';
  const lines = existing.split('\n').filter((l) => l && !l.startsWith(`${user}:`));
  if (line) lines.push(line);
  const deviceIds = (await deviceKeyHashes(store.db)).map((d) => d.id);
  writePrivate(files.passwords, `${lines.join('\n')}\n`);
  writePrivate(files.acl, aclText(deviceIds));
  const pid = runningBroker(files);
  if (pid !== undefined) process.kill(pid, 'SIGHUP');
}

function portOpen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ host: '127.0.0.1', port });
    const done = (open: boolean) => {
      socket.destroy();
      resolve(open);
    };
    socket.setTimeout(1000, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

/** The pid of the Mosquitto running this folder's configuration, if one runs. */
export function runningBroker(files: BrokerFiles): number | undefined {
  if (!existsSync(files.pid)) return undefined;
  const pid = Number(readFileSync(files.pid, 'utf8').trim());
  if (!Number.isSafeInteger(pid) || pid <= 0) return undefined;
  try {
    const cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
    return cmdline.includes('mosquitto') && cmdline.includes(files.config) ? pid : undefined;
  } catch {
    return undefined;
  }
}

export interface RunningBroker {
  pid: number;
  url: string;
  /** Stops the broker (it saves the sessions to disk first). */
  stop(): Promise<void>;
}

/**
 * Starts the broker on its own (it outlives a crash of the server, keeping the
 * readings devices publish meanwhile), or, when one from an earlier run still
 * serves this folder, makes it reload the password file and ACL.
 */
export async function startBroker(
  files: BrokerFiles,
  port: number,
  timeoutMs = 10_000,
): Promise<RunningBroker> {
  let pid = runningBroker(files);
  if (pid !== undefined) {
    process.kill(pid, 'SIGHUP');
  } else {
    const child = spawn('mosquitto', ['-c', files.config], { detached: true, stdio: 'ignore' });
    child.unref();
    pid = child.pid;
    if (pid === undefined) throw new Error('Mosquitto não pôde ser iniciado (está instalado?)');
  }
  const deadline = Date.now() + timeoutMs;
  while (!(await portOpen(port))) {
    if (Date.now() > deadline) {
      throw new Error(`Mosquitto não abriu a porta ${port} (veja ${files.dir}/mosquitto.log)`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const brokerPid = pid;
  return {
    pid: brokerPid,
    url: `mqtt://127.0.0.1:${port}`,
    async stop() {
      try {
        process.kill(brokerPid, 'SIGTERM');
      } catch {
        return;
      }
      const until = Date.now() + 5000;
      while (Date.now() < until) {
        try {
          process.kill(brokerPid, 0);
        } catch {
          return;
        }
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
  };
}

/** The project's own broker as `/api/health` reports it: 'reiniciando' from its death until it serves again. */
export type BrokerHealth = NonNullable<HealthResponse['broker']>;

export interface SupervisedBroker {
  url: string;
  health(): BrokerHealth;
  /** Stops watching, then stops the broker. */
  stop(): Promise<void>;
}

interface SupervisionLog {
  info(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

const RESTART_BACKOFF_MS = { first: 1000, max: 60_000 };

/**
 * Starts the broker and watches it every `checkMs`: one that died (killed, out
 * of memory) is started again at once, then after 1 s, 2 s, 4 s … up to a
 * minute between attempts while they fail. Its sessions come back from its
 * persistence file, and the server's MQTT clients reconnect on their own.
 */
export async function superviseBroker(
  files: BrokerFiles,
  port: number,
  opts: { checkMs?: number; log?: SupervisionLog } = {},
): Promise<SupervisedBroker> {
  const checkMs = opts.checkMs ?? 2000;
  const log = opts.log ?? { info() {}, error() {} };
  let broker = await startBroker(files, port);
  const health: BrokerHealth = { estado: 'ok', reinicios: 0 };
  let backoffMs = RESTART_BACKOFF_MS.first;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  const next = (ms: number) => {
    if (!stopped) timer = setTimeout(() => void check(), ms);
  };
  const check = async () => {
    if (runningBroker(files) !== undefined && health.estado === 'ok') return next(checkMs);
    if (health.estado === 'ok')
      log.error({ porta: port }, 'broker MQTT próprio parou; reiniciando');
    health.estado = 'reiniciando';
    try {
      // One that came up late from the last attempt is taken up (SIGHUP) rather than doubled.
      const started = await startBroker(files, port);
      if (stopped) return void (await started.stop());
      broker = started;
      health.estado = 'ok';
      health.reinicios += 1;
      backoffMs = RESTART_BACKOFF_MS.first;
      log.info({ porta: port, reinicios: health.reinicios }, 'broker MQTT próprio de volta');
      next(checkMs);
    } catch (error) {
      log.error({ err: error, proximaTentativaMs: backoffMs }, 'broker MQTT próprio não voltou');
      next(backoffMs);
      backoffMs = Math.min(backoffMs * 2, RESTART_BACKOFF_MS.max);
    }
  };
  next(checkMs);
  return {
    url: broker.url,
    health: () => ({ ...health }),
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await broker.stop();
    },
  };
}
