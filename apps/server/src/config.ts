import { readFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { isAbsolute, join, resolve } from 'node:path';
import { createSecureContext } from 'node:tls';
import { z } from 'zod';
import { HEAP_GROWTH_PERCENT } from './heapGrowth.js';
import { HEAVY_CALLS_PER_USER } from './plugins/heavyCalls.js';
import { effectiveRetention, type RetentionPolicy } from './store/retention.js';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const flag = z
  .string()
  .trim()
  .toLowerCase()
  .transform((value, ctx) => {
    if (['1', 'true', 'on', 'yes', 'sim'].includes(value)) return true;
    if (['0', 'false', 'off', 'no', 'nao', 'não'].includes(value)) return false;
    ctx.addIssue({
      code: 'custom',
      message: `esperado on/off (1/0, true/false), recebido '${value}'`,
    });
    return z.NEVER;
  });

const integer = (min: number, max: number) => z.coerce.number().int().min(min).max(max);

/** An IPv4 or IPv6 address, with or without a /prefix. */
const ADDRESS_OR_CIDR = /^(\d{1,3}(\.\d{1,3}){3}|[0-9a-f:]*:[0-9a-f:.]*)(\/\d{1,3})?$/i;

/**
 * Which proxies to believe about the client's address (`X-Forwarded-For`): off,
 * a count of hops in front of the server (the client is the entry that many
 * from the right, which the nearest proxy wrote), or the proxies' addresses and
 * CIDRs. Never the leftmost entry, which the client writes itself; so the
 * on-words mean one hop (the README's balancer).
 */
const trustProxy = z
  .string()
  .trim()
  .toLowerCase()
  .transform((value, ctx): false | number | string => {
    if (['0', 'false', 'off', 'no', 'nao', 'não'].includes(value)) return false;
    if (['true', 'on', 'yes', 'sim'].includes(value)) return 1;
    if (/^\d{1,2}$/.test(value)) return Number(value);
    const entries = value.split(',').map((entry) => entry.trim());
    if (entries.every((entry) => ADDRESS_OR_CIDR.test(entry))) return entries.join(',');
    ctx.addIssue({
      code: 'custom',
      message: `esperado 0, um número de proxies à frente (1, 2…) ou endereços/CIDRs separados por vírgula, recebido '${value}'`,
    });
    return z.NEVER;
  });

const env = z.object({
  PORT: integer(0, 65535).default(8080),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATABASE_URL: z
    .string()
    .default('sqlite:data/vigia.db')
    .refine((url) => /^(sqlite:|postgres(ql)?:\/\/)/.test(url), {
      message: "use 'sqlite:<caminho>' ou 'postgres://…'",
    }),
  MQTT_URL: z
    .string()
    .optional()
    .refine((url) => url === undefined || /^(mqtts?|wss?|tcp):\/\//.test(url), {
      message: "use 'mqtt://host:porta' (ou mqtts://, ws://, wss://)",
    }),
  VIGIA_DEMO: flag.default(true),
  VIGIA_SIMULATOR: flag.optional(),
  VIGIA_SEED: integer(0, 2 ** 31 - 1).default(1),
  VIGIA_ACCESS_TOKEN_TTL: integer(1, 24 * 3600).default(900),
  VIGIA_REFRESH_TOKEN_TTL: integer(60, 365 * 24 * 3600).default(30 * 24 * 3600),
  VIGIA_JWT_SECRET: z.string().min(32, 'precisa de ao menos 32 caracteres').optional(),
  VIGIA_JWT_SECRET_PREVIOUS: z.string().min(32, 'precisa de ao menos 32 caracteres').optional(),
  VIGIA_WEB_DIST: z.string().min(1).default('apps/web/dist'),
  VIGIA_TRUST_PROXY: trustProxy.default(false),
  /** PEM files: with both, the server answers HTTPS with HTTP/2 (and HTTP/1.1 for old clients). */
  VIGIA_TLS_CERT: z.string().optional(),
  VIGIA_TLS_KEY: z.string().optional(),
  MQTT_USERNAME: z.string().max(256).optional(),
  MQTT_PASSWORD: z.string().max(256).optional(),
  VIGIA_MQTT_GROUP: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,64}$/, 'letras, números, _ ou -')
    .default('vigia'),
  VIGIA_NODE: z
    .string()
    .regex(/^[A-Za-z0-9_.-]{1,64}$/, 'letras, números, _, . ou -')
    .optional(),
  VIGIA_BROKER: flag.default(false),
  VIGIA_BROKER_PORT: integer(1, 65535).default(1884),
  VIGIA_DATA_DIR: z.string().min(1).default('data'),
  /** Days of raw reading history kept; 0 keeps everything. */
  VIGIA_RETENTION_DAYS: integer(0, 36_500).default(90),
  /** Days of hourly aggregates kept (charts and reports past the raw readings); 0 keeps all. */
  VIGIA_RETENTION_HOURLY_DAYS: integer(0, 36_500).default(730),
  /** Days of daily aggregates kept (monthly reports); 0 keeps all. */
  VIGIA_RETENTION_DAILY_DAYS: integer(0, 36_500).default(0),
  /** Days of closed and acknowledged occurrences (and events) kept; 0 keeps all. */
  VIGIA_RETENTION_OCCURRENCE_DAYS: integer(0, 36_500).default(1825),
  /** Days of the audit log kept; 0 keeps all. */
  VIGIA_RETENTION_AUDIT_DAYS: integer(0, 36_500).default(1825),
  LOG_LEVEL: z.enum(LOG_LEVELS).default('info'),
  /** Longest shelf of an alarm, seconds (ISA-18.2 shelving; default 8 h). */
  VIGIA_ALARM_SHELVE_MAX_S: integer(60, 30 * 24 * 3600).default(8 * 3600),
  /** Shortest shelf, seconds (default 5 min; tests lower it). */
  VIGIA_ALARM_SHELVE_MIN_S: integer(1, 24 * 3600).default(300),
  /** How often ended shelves are returned to the active lists, milliseconds. */
  VIGIA_ALARM_SHELVE_SWEEP_MS: integer(100, 3_600_000).default(15_000),
  /** Chattering suppression window, seconds (0: off). */
  VIGIA_ALARM_CHATTER_S: integer(0, 3600).default(60),
  /** Heavy calls (periods of history) one user may have computing at once; one more answers 429. */
  VIGIA_HEAVY_CALLS_PER_USER: integer(1, 64).default(HEAVY_CALLS_PER_USER),
  /** SMTP server of the e-mail notifications: smtp://user:pass@host:587 (STARTTLS when offered) or smtps://. */
  VIGIA_SMTP_URL: z
    .string()
    .optional()
    .refine((url) => url === undefined || /^smtps?:\/\//.test(url), {
      message: "use 'smtp://host:porta' ou 'smtps://host:porta'",
    }),
  VIGIA_SMTP_FROM: z.string().min(3).max(200).default('Vigia <vigia@localhost>'),
  /** The console's address as users open it, for the links in notifications. */
  VIGIA_PUBLIC_URL: z
    .string()
    .regex(/^https?:\/\/[^\s]+$/, 'use http(s)://endereço')
    .optional(),
  /** Webhooks to private or loopback addresses (tests, a closed network): refused unless 1. */
  VIGIA_WEBHOOK_PRIVATE: flag.default(false),
  /** First retry of a failed notification, seconds; each next one waits twice as long (1 h at most). */
  VIGIA_NOTIFY_RETRY_S: integer(1, 3600).default(30),
  /** Attempts before a notification is marked failed (the default covers about 3 h of outage). */
  VIGIA_NOTIFY_ATTEMPTS: integer(1, 50).default(10),
  /** How often the delivery worker looks for due messages, milliseconds. */
  VIGIA_NOTIFY_POLL_MS: integer(20, 60_000).default(1000),
  /** How long a node holds a claimed message before another may take it, seconds. */
  VIGIA_NOTIFY_LEASE_S: integer(1, 3600).default(120),
  /** The flood window, seconds (10 min; tests lower it). */
  VIGIA_NOTIFY_FLOOD_WINDOW_S: integer(1, 24 * 3600).default(600),
  /** Seconds in an escalation "minute" (60; tests lower it). */
  VIGIA_ESCALATION_MINUTE_S: integer(1, 60).default(60),
  /** How far V8 lets its heap grow past what survived a full collection, percent (0: V8's own). */
  VIGIA_HEAP_GROWTH_PERCENT: integer(0, 300).default(HEAP_GROWTH_PERCENT),
});

export interface Config {
  port: number;
  host: string;
  /** `sqlite:<absolute path>` or `postgres://…`. */
  databaseUrl: string;
  /** Unset: readings are ingested in process, no broker. */
  mqttUrl: string | undefined;
  /**
   * Broker account of the server (also `user:password@` in MQTT_URL). With the
   * project's own broker: `vigia-servidor`, password generated on first start.
   * Every MQTT client of the server connects with `mqttConnection(config)`.
   */
  mqttUsername: string | undefined;
  mqttPassword: string | undefined;
  /** Shared-subscription group: the nodes of one deployment split the devices' messages. */
  mqttGroup: string;
  /**
   * This node's fixed MQTT client id (`vigia-<group>-<node>`): the broker keeps
   * the node's session under it. Another client of the same node needs an id of its own.
   */
  mqttClientId: string;
  /** Folder of the server's own files (the broker's configuration, issued device keys). */
  dataDir: string;
  /** Days each kind of record is kept (0: no limit), aggregates at least as long as readings. */
  retention: RetentionPolicy;
  /**
   * Vigia configures and runs its own Mosquitto (device accounts, ACL) on
   * 127.0.0.1:<port>; MQTT_URL defaults to it.
   */
  broker: { port: number; dir: string } | undefined;
  /** Seed the demo fleet and the demo users (known passwords: never in production). */
  demo: boolean;
  simulator: boolean;
  seed: number;
  accessTokenTtlSeconds: number;
  refreshTokenTtlSeconds: number;
  /**
   * The access-token signing key. Unset: one generated once into
   * `<dataDir>/chave-tokens.txt` (auth/signingSecrets.ts).
   */
  jwtSecret: string | undefined;
  /** During a rollover: the key before `jwtSecret`, still accepted, never used to sign. */
  jwtSecretPrevious: string | undefined;
  /** Absolute path of the built SPA; served only when the folder exists. */
  webDist: string;
  /**
   * Behind reverse proxies: the client address from X-Forwarded-For, believing
   * this many hops (a number) or these proxy addresses/CIDRs (a list); false: the socket's.
   */
  trustProxy: false | number | string;
  /** The certificate chain and private key (PEM) when the server answers HTTPS itself. */
  tls: { cert: Buffer; key: Buffer } | undefined;
  logLevel: (typeof LOG_LEVELS)[number];
  /** V8's heap growth past the live heap, percent; 0 leaves V8's own (heapGrowth.ts). */
  heapGrowthPercent: number;
  /** Heavy calls one user may have computing at once (plugins/heavyCalls.ts). */
  heavyCallsPerUser: number;
  /** ISA-18.2 alarm handling beyond acknowledgement (store/alarms/README.md). */
  alarms: {
    /** Shelf durations allowed, seconds. */
    shelveMinSeconds: number;
    shelveMaxSeconds: number;
    /** Interval of the job returning ended shelves. */
    shelveSweepMs: number;
    /**
     * A cleared, unacknowledged alarm raised again within this many seconds is
     * the same occurrence again (its repeat count grows) instead of a duplicate; 0: off.
     */
    chatterWindowSeconds: number;
  };
  /** Alarm notifications (notifications/README.md). */
  notifications: {
    /** This node's name in the outbox's leases and attempts. */
    node: string;
    smtpUrl: string | undefined;
    smtpFrom: string;
    publicUrl: string;
    webhookPrivate: boolean;
    retrySeconds: number;
    attempts: number;
    pollMs: number;
    leaseSeconds: number;
    floodWindowSeconds: number;
    escalationMinuteSeconds: number;
  };
}

export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

/** Empty values count as unset, so `VAR= npm start` behaves like no VAR at all. */
function definedOnly(source: NodeJS.ProcessEnv): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(source)) {
    if (value !== undefined && value.trim() !== '') out[key] = value;
  }
  return out;
}

function absoluteSqliteUrl(url: string, cwd: string): string {
  if (!url.startsWith('sqlite:')) return url;
  const path = url.slice('sqlite:'.length);
  if (path === ':memory:' || isAbsolute(path)) return url;
  return `sqlite:${resolve(cwd, path)}`;
}

/** Both PEM files read, or neither named; anything else stops the start with its reason. */
function readTls(certFile: string | undefined, keyFile: string | undefined, cwd: string) {
  if (certFile === undefined && keyFile === undefined) return undefined;
  if (certFile === undefined || keyFile === undefined) {
    throw new ConfigError(
      'Configuração inválida:\n  VIGIA_TLS_CERT e VIGIA_TLS_KEY: informe os dois arquivos PEM (certificado e chave), ou nenhum',
    );
  }
  const read = (name: string, file: string) => {
    try {
      return readFileSync(resolve(cwd, file));
    } catch (error) {
      const reason = (error as NodeJS.ErrnoException).code ?? String(error);
      throw new ConfigError(
        `Configuração inválida:\n  ${name}: não foi possível ler '${file}' (${reason})`,
      );
    }
  };
  const pair = { cert: read('VIGIA_TLS_CERT', certFile), key: read('VIGIA_TLS_KEY', keyFile) };
  try {
    createSecureContext(pair);
  } catch (error) {
    throw new ConfigError(
      `Configuração inválida:\n  VIGIA_TLS_CERT e VIGIA_TLS_KEY: o certificado e a chave não formam um par PEM válido (${(error as Error).message})`,
    );
  }
  return pair;
}

/** Reads the environment once; throws `ConfigError` naming every bad variable. */
export function loadConfig(source: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): Config {
  const parsed = env.safeParse(definedOnly(source));
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Configuração inválida:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  if (e.VIGIA_JWT_SECRET_PREVIOUS !== undefined && e.VIGIA_JWT_SECRET === undefined) {
    throw new ConfigError(
      'Configuração inválida:\n  VIGIA_JWT_SECRET_PREVIOUS: só vale junto com VIGIA_JWT_SECRET (a chave nova)',
    );
  }
  const retention = effectiveRetention({
    readings: e.VIGIA_RETENTION_DAYS,
    hourly: e.VIGIA_RETENTION_HOURLY_DAYS,
    daily: e.VIGIA_RETENTION_DAILY_DAYS,
    occurrences: e.VIGIA_RETENTION_OCCURRENCE_DAYS,
    audit: e.VIGIA_RETENTION_AUDIT_DAYS,
  });
  const tls = readTls(e.VIGIA_TLS_CERT, e.VIGIA_TLS_KEY, cwd);
  const dataDir = resolve(cwd, e.VIGIA_DATA_DIR);
  const broker = e.VIGIA_BROKER
    ? { port: e.VIGIA_BROKER_PORT, dir: join(dataDir, 'broker') }
    : undefined;
  const node =
    e.VIGIA_NODE ??
    (hostname()
      .replace(/[^A-Za-z0-9_.-]/g, '-')
      .slice(0, 64) ||
      'no');
  return {
    port: e.PORT,
    host: e.HOST,
    databaseUrl: absoluteSqliteUrl(e.DATABASE_URL, cwd),
    mqttUrl: e.MQTT_URL ?? (broker ? `mqtt://127.0.0.1:${broker.port}` : undefined),
    mqttUsername: e.MQTT_USERNAME ?? (broker ? BROKER_SERVER_USER : undefined),
    mqttPassword: e.MQTT_PASSWORD,
    mqttGroup: e.VIGIA_MQTT_GROUP,
    mqttClientId: `vigia-${e.VIGIA_MQTT_GROUP}-${node}`,
    dataDir,
    retention,
    broker,
    demo: e.VIGIA_DEMO,
    simulator: e.VIGIA_SIMULATOR ?? e.VIGIA_DEMO,
    seed: e.VIGIA_SEED,
    accessTokenTtlSeconds: e.VIGIA_ACCESS_TOKEN_TTL,
    refreshTokenTtlSeconds: e.VIGIA_REFRESH_TOKEN_TTL,
    jwtSecret: e.VIGIA_JWT_SECRET,
    jwtSecretPrevious: e.VIGIA_JWT_SECRET_PREVIOUS,
    webDist: resolve(cwd, e.VIGIA_WEB_DIST),
    trustProxy: e.VIGIA_TRUST_PROXY,
    tls,
    logLevel: e.LOG_LEVEL,
    heapGrowthPercent: e.VIGIA_HEAP_GROWTH_PERCENT,
    heavyCallsPerUser: e.VIGIA_HEAVY_CALLS_PER_USER,
    alarms: {
      shelveMinSeconds: Math.min(e.VIGIA_ALARM_SHELVE_MIN_S, e.VIGIA_ALARM_SHELVE_MAX_S),
      shelveMaxSeconds: e.VIGIA_ALARM_SHELVE_MAX_S,
      shelveSweepMs: e.VIGIA_ALARM_SHELVE_SWEEP_MS,
      chatterWindowSeconds: e.VIGIA_ALARM_CHATTER_S,
    },
    notifications: {
      node,
      smtpUrl: e.VIGIA_SMTP_URL,
      smtpFrom: e.VIGIA_SMTP_FROM,
      publicUrl: (e.VIGIA_PUBLIC_URL ?? `${tls ? 'https' : 'http'}://localhost:${e.PORT}`).replace(
        /\/+$/,
        '',
      ),
      webhookPrivate: e.VIGIA_WEBHOOK_PRIVATE,
      retrySeconds: e.VIGIA_NOTIFY_RETRY_S,
      attempts: e.VIGIA_NOTIFY_ATTEMPTS,
      pollMs: e.VIGIA_NOTIFY_POLL_MS,
      leaseSeconds: e.VIGIA_NOTIFY_LEASE_S,
      floodWindowSeconds: e.VIGIA_NOTIFY_FLOOD_WINDOW_S,
      escalationMinuteSeconds: e.VIGIA_ESCALATION_MINUTE_S,
    },
  };
}

/** The server's account on its own broker. */
export const BROKER_SERVER_USER = 'vigia-servidor';

/** Where the project's own broker keeps the server's generated password. */
export const brokerServerPasswordFile = (brokerDir: string) => join(brokerDir, 'servidor.senha');

/**
 * How every MQTT client of the server connects: the URL and the server's
 * account. With the project's own broker and no MQTT_PASSWORD, the password is
 * the one generated on first start (call after the broker is provisioned).
 */
export function mqttConnection(
  config: Config,
): { url: string; username?: string; password?: string } | undefined {
  if (!config.mqttUrl) return undefined;
  let password = config.mqttPassword;
  if (password === undefined && config.broker && config.mqttUsername === BROKER_SERVER_USER) {
    password = readFileSync(brokerServerPasswordFile(config.broker.dir), 'utf8').trim();
  }
  return {
    url: config.mqttUrl,
    ...(config.mqttUsername !== undefined ? { username: config.mqttUsername } : {}),
    ...(password !== undefined ? { password } : {}),
  };
}
