/**
 * The scaled layout on one machine: server processes on one PostgreSQL
 * database, the MQTT broker, and a round-robin HTTP proxy in front.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { POSTGRES_URL } from '../../test-support/services.js';

const REPO = fileURLToPath(new URL('../../', import.meta.url));
export const SERVER_DIST = `${REPO}apps/server/dist/server.js`;

export interface Database {
  url: string;
  drop(): Promise<void>;
}

async function admin(text: string): Promise<void> {
  const client = new pg.Client({ connectionString: POSTGRES_URL });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/** A fresh PostgreSQL database on the tests' server, dropped by `drop()`. */
export async function freshPostgres(prefix: string): Promise<Database> {
  const name = `${prefix}_${randomBytes(4).toString('hex')}`;
  await admin(`create database ${name}`);
  const url = new URL(POSTGRES_URL);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`drop database if exists ${name} with (force)`) };
}

export interface Node {
  name: string;
  url: string;
  child: ChildProcess;
  /** The event relay's id of this process (its NOTIFY envelopes carry it). */
  relayId: string | undefined;
  output(): string;
  /** SIGTERM and wait (SIGKILL after 15 s). */
  stop(): Promise<number | null>;
  kill(): Promise<void>;
}

/**
 * Starts the built server (`apps/server/dist/server.js`, or `entry`) and
 * resolves once it listens. `env` adds to a minimal environment.
 */
export function startNode(
  name: string,
  env: Record<string, string>,
  options: { entry?: string; timeoutMs?: number } = {},
): Promise<Node> {
  const entry = options.entry ?? SERVER_DIST;
  if (!existsSync(entry)) throw new Error(`${entry} não existe: rode npm run build`);
  const child = spawn(process.execPath, [entry], {
    cwd: REPO,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      HOST: '127.0.0.1',
      PORT: '0',
      LOG_LEVEL: 'info',
      VIGIA_WEB_DIST: '/nonexistent',
      VIGIA_NODE: name,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => resolve(code)),
  );
  const keep = (chunk: Buffer) => {
    if (output.length < 2_000_000) output += chunk.toString();
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return child.exitCode;
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
    const code = await exited;
    clearTimeout(timer);
    return code;
  };
  const kill = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGKILL');
    await exited;
  };
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      void kill();
      reject(new Error(`${name} não subiu:\n${output.slice(-3000)}`));
    }, options.timeoutMs ?? 60_000);
    const poll = setInterval(() => {
      const match = /Vigia no ar em (http:\/\/[^\s,)"]+)/.exec(output);
      if (!match?.[1]) return;
      clearTimeout(timer);
      clearInterval(poll);
      const relay = /"processId":"([0-9a-f-]{36})"/.exec(output);
      resolve({
        name,
        url: match[1].replace('localhost', '127.0.0.1'),
        child,
        relayId: relay?.[1],
        output: () => output,
        stop,
        kill,
      });
    }, 25);
    void exited.then((code) => {
      clearTimeout(timer);
      clearInterval(poll);
      reject(new Error(`${name} saiu (${code}) antes de escutar:\n${output.slice(-3000)}`));
    });
  });
}

export interface Proxy {
  url: string;
  /** Requests answered by each upstream (by name). */
  served: Map<string, number>;
  /** Requests sent on to the next upstream because one refused the connection. */
  failovers: number;
  close(): Promise<void>;
}

/**
 * A loopback reverse proxy: each request to the next upstream in turn; a
 * connection refused (a dead node) moves the request on to the next one.
 * Sets `X-Forwarded-For` (the nodes run with VIGIA_TRUST_PROXY=1). Streams
 * answers, so an event stream stays open through it.
 */
export async function startProxy(upstreams: () => { name: string; url: string }[]): Promise<Proxy> {
  const served = new Map<string, number>();
  let turn = 0;
  const proxy: Proxy = {
    url: '',
    served,
    failovers: 0,
    close: async () => {},
  };
  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    const list = upstreams();
    const first = turn++;
    const attempt = (i: number) => {
      if (i >= list.length) {
        res.writeHead(502).end();
        return;
      }
      const upstream = list[(first + i) % list.length] as { name: string; url: string };
      const target = new URL(req.url ?? '/', upstream.url);
      const forward = http.request(
        target,
        {
          method: req.method,
          headers: {
            ...req.headers,
            host: target.host,
            'x-forwarded-for': req.socket.remoteAddress ?? '127.0.0.1',
          },
        },
        (answer) => {
          served.set(upstream.name, (served.get(upstream.name) ?? 0) + 1);
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
          res.on('close', () => answer.destroy());
        },
      );
      forward.on('error', (error: NodeJS.ErrnoException) => {
        if (res.headersSent) {
          res.destroy();
          return;
        }
        // Refused: never reached the node. Reset: a node killed; only a read is safe to repeat.
        const safe = req.method === 'GET' || req.method === 'HEAD';
        if (error.code === 'ECONNREFUSED' || (safe && error.code === 'ECONNRESET')) {
          proxy.failovers += 1;
          attempt(i + 1);
          return;
        }
        res.writeHead(502).end();
      });
      forward.end(body);
    };
    attempt(0);
  });
  server.keepAliveTimeout = 5_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  proxy.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  proxy.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return proxy;
}

export interface LiveStream {
  status: number;
  /** Parsed `data:` payloads so far. */
  events: { type: string; [key: string]: unknown }[];
  /** Resolves with the first event (received or coming) that matches; rejects after `timeoutMs`. */
  waitFor(
    match: (e: { type: string; [key: string]: unknown }) => boolean,
    timeoutMs?: number,
  ): Promise<void>;
  close(): void;
}

/**
 * A console's event stream (`GET /api/eventos`), read with node:http; resolves
 * once it is open. With `onData` each payload goes there unparsed and nothing
 * is kept (many streams in one process).
 */
export function openLiveStream(
  url: string,
  token: string,
  onData?: (data: string) => void,
): Promise<LiveStream> {
  return new Promise((resolve, reject) => {
    const target = new URL('/api/eventos', url);
    target.searchParams.set('access_token', token);
    const request = http.get(target, { headers: { accept: 'text/event-stream' } }, (res) => {
      const waiters = new Set<{
        match: (e: LiveStream['events'][number]) => boolean;
        done(): void;
      }>();
      const stream: LiveStream = {
        status: res.statusCode ?? 0,
        events: [],
        waitFor(match, timeoutMs = 10_000) {
          if (stream.events.some(match)) return Promise.resolve();
          return new Promise((done, fail) => {
            const waiter = { match, done };
            waiters.add(waiter);
            setTimeout(() => {
              if (waiters.delete(waiter)) fail(new Error(`evento não chegou em ${timeoutMs} ms`));
            }, timeoutMs).unref();
          });
        },
        close: () => request.destroy(),
      };
      let buffer = '';
      let opened = false;
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        buffer += chunk;
        let end = buffer.indexOf('\n\n');
        while (end >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          end = buffer.indexOf('\n\n');
          if (!opened && /^retry:/m.test(block)) {
            opened = true;
            resolve(stream);
          }
          const data = block
            .split('\n')
            .filter((line) => line.startsWith('data:'))
            .map((line) => line.slice(5).replace(/^ /, ''))
            .join('\n');
          if (!data) continue;
          if (onData) {
            onData(data);
            continue;
          }
          const event = JSON.parse(data) as LiveStream['events'][number];
          stream.events.push(event);
          for (const waiter of [...waiters]) {
            if (waiter.match(event)) {
              waiters.delete(waiter);
              waiter.done();
            }
          }
        }
      });
      res.on('error', () => {});
      if (res.statusCode !== 200) reject(new Error(`eventos: ${res.statusCode}`));
    });
    request.on('error', reject);
  });
}
