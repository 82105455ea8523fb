/**
 * The sweep (issue 30): every GET of the route table (`ALL_ROUTES`) called with real
 * ids, `calls` times each one after another, on a server of its own (serve.ts) per
 * database; per route the p50 and p95 the client saw and the longest block of the
 * server's event loop while that route was being called. Then the heaviest route
 * (highest p95) `concurrent` times at once, twice (the first, cold, reported apart), with
 * `/api/health` polled beside it from a thread of its own (healthProbe.ts).
 */
import { type ChildProcess, fork } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { Agent, get } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { RouteDefinition } from '@vigia/contract';
import { ALL_ROUTES } from '@vigia/contract/api';
import { freshPostgres } from '../two-nodes/layout.js';
import { startHealthProbe } from './healthProbe.js';
import type { FromServer, SweepIds, ToServer } from './serve.js';

export type SweepDb = 'sqlite' | 'postgres';

export interface SweepOptions {
  db: SweepDb;
  /** Generators added to the demo fleet. */
  devices: number;
  /** Days of demo history. */
  days: number;
  /** Calls of each route. */
  calls: number;
  /** Calls of the heaviest route at once. */
  concurrent: number;
  /**
   * A route (or the burst) whose block counted in CPU time (`busyMs`) is longer than this
   * is measured again, up to four times, and keeps its shortest figures: what a route
   * does shows every time, a stall of a machine loaded past its cores (the tests' CI)
   * rarely five times running.
   */
  confirmOverMs?: number;
  log?: (text: string) => void;
}

export interface RouteFigures {
  route: string;
  url: string;
  statuses: Record<number, number>;
  p50: number;
  p95: number;
  /** Longest event-loop block of the server while this route was called, ms. */
  blockMs: number;
  /**
   * The same counted in the server's CPU time: without the part of a block the process
   * spent waiting for a core (a loaded machine), and without a wait for the disk.
   */
  busyMs: number;
}

export interface SweepResult {
  db: SweepDb;
  devices: number;
  seedMs: number;
  routes: RouteFigures[];
  /** GETs of the table not called, with why. */
  skipped: { route: string; why: string }[];
  concurrent: {
    route: string;
    calls: number;
    statuses: Record<number, number>;
    wallMs: number;
    healthP50: number;
    healthP99: number;
    healthMax: number;
    healthCalls: number;
    blockMs: number;
    busyMs: number;
    /** The same burst run once before, the server's first: reported, not judged. */
    cold: { wallMs: number; healthP99: number; blockMs: number };
  };
}

/** Not walked: the event stream never ends; a download needs a signed token, not a user. */
const NOT_WALKED: Record<string, string> = {
  '/api/eventos': 'fluxo de eventos (não termina)',
  '/api/relatorios/download': 'token assinado de download, sem usuário',
};

const DAY = 86_400;
const isoDate = (sec: number) => new Date(sec * 1000).toISOString().slice(0, 10);

/**
 * A GET whose answer is read as sent, compressed (a proxy's view): the time is the
 * server's, to its answer's last byte, and the bench's client does not spend the
 * machine's two cores inflating answers (100 at once in the burst) beside the server.
 */
function callUndecoded(
  agent: Agent,
  base: string,
  url: string,
  headers: Record<string, string>,
): Promise<{ status: number; ms: number }> {
  const t0 = performance.now();
  return new Promise((resolve, reject) => {
    get(`${base}${url}`, { headers, agent }, (response) => {
      response.resume();
      response.once('end', () =>
        resolve({ status: response.statusCode ?? 0, ms: performance.now() - t0 }),
      );
    }).once('error', reject);
  });
}

export const percentile = (values: readonly number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return (
    sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN
  );
};

/** Values to try for a parameter, by name (and path, for a bare `id`), first the likeliest. */
function candidates(name: string, path: string, ids: SweepIds, now: number): unknown[] {
  const week = now - 7 * DAY;
  switch (name) {
    case 'sisid':
    case 'sis_id':
    case 'sisId':
    case 'clientId':
    case 'cliente_id':
      return [ids.system];
    case 'idDispositivo':
    case 'disp_id':
    case 'dispositivoId':
    case 'dispositivo':
    case 'idSite':
      return [ids.device];
    case 'usinaId':
      return [ids.usina];
    case 'scdId':
    case 'scdid':
      return [ids.scd];
    case 'venueId':
      return [ids.venue];
    case 'energycenterId':
      return [ids.energyCenter];
    case 'idTable':
      return [path.includes('manutencao') ? ids.maintenanceTable : ids.table];
    case 'idGraphical':
      return [ids.graphical];
    case 'idSinotico':
      return [ids.overview];
    case 'tipoSite':
      return [1];
    case 'inicio':
      return [week, isoDate(week)];
    case 'fim':
      return [now, isoDate(now)];
    case 'dataInicio':
    case 'dataInicial':
      return [isoDate(week), week];
    case 'dataFim':
    case 'dataFinal':
    case 'dataRef':
    case 'data':
      return [isoDate(now), now];
    case 'key':
      return [ids.reportFile?.key ?? null];
    case 'bucket':
      return [ids.reportFile?.bucket ?? null];
    case 'tipo':
      return ['usina', 1];
    case 'id':
      if (path.includes('/ocorrencias/')) return [ids.occurrence];
      if (path.includes('/contratos/')) return [ids.contract];
      if (path.includes('/admin/empresas/')) return [ids.company];
      if (path.includes('/admin/sistemas/')) return [ids.system];
      if (path.includes('/admin/locais/')) return [ids.usina];
      if (path.includes('/admin/usuarios/')) return [ids.user];
      return [ids.device];
    default:
      return [];
  }
}

type Shape = Record<string, { safeParse(v: unknown): { success: boolean } }>;
const shapeOf = (schema: unknown) => (schema as { shape?: Shape } | undefined)?.shape;

/** Optional parameters sent as the console sends them: it always names the cluster it shows. */
const CONSOLE_SCOPE = new Set(['sisid']);

/**
 * The URL of a call with real ids: every path parameter, every query parameter its
 * schema requires, and the system (`sisid`, the demo operator's biggest) where the call
 * takes one, as the console sends it; the other optional ones are left out (no `nomes`:
 * every reading of each device, the widest answer). Throws when a value is missing.
 */
export function sweepUrl(definition: RouteDefinition, ids: SweepIds, now: number): string {
  const pick = (shape: Shape | undefined, onlyRequired: boolean) => {
    const values: Record<string, string> = {};
    for (const [name, schema] of Object.entries(shape ?? {})) {
      const optional = schema.safeParse(undefined).success;
      if (onlyRequired && optional && !CONSOLE_SCOPE.has(name)) continue;
      const value = candidates(name, definition.path, ids, now).find(
        (v) => v !== null && v !== undefined && schema.safeParse(String(v)).success,
      );
      if (value !== undefined) values[name] = String(value);
      else if (!optional) throw new Error(`sem valor para ${name}`);
    }
    return values;
  };
  const params = pick(shapeOf(definition.params), false);
  const path = definition.path.replace(/\{(\w+)\}/g, (_, name: string) =>
    encodeURIComponent(params[name] ?? ''),
  );
  const query = new URLSearchParams(pick(shapeOf(definition.query), true)).toString();
  return query ? `${path}?${query}` : path;
}

async function startServer(
  env: Record<string, string>,
): Promise<{ child: ChildProcess; ready: Extract<FromServer, { type: 'ready' }> }> {
  const child = fork(new URL('./serve.ts', import.meta.url), [], {
    execArgv: ['--import', 'tsx', '--conditions=source'],
    env: { ...process.env, ...env },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const ready = await new Promise<Extract<FromServer, { type: 'ready' }>>((resolve, reject) => {
    child.on('message', (m: FromServer) => {
      if (m.type === 'ready') resolve(m);
    });
    child.once('exit', (code) => reject(new Error(`serve.ts saiu (${code}) antes de escutar`)));
  });
  return { child, ready };
}

/** The longest event-loop block since the previous ask, from the server: wall and CPU time. */
function blockSince(child: ChildProcess): Promise<{ blockMs: number; busyMs: number }> {
  return new Promise((resolve) => {
    const listener = (m: FromServer) => {
      if (m.type !== 'block') return;
      child.off('message', listener);
      resolve({ blockMs: m.maxMs, busyMs: m.busyMs });
    };
    child.on('message', listener);
    child.send({ type: 'block' } satisfies ToServer);
  });
}

/**
 * Times a block over `confirmOverMs` is measured again (the shortest kept). A route's
 * own block comes back every time; a loaded machine's stall (70–92 ms seen at load 5,
 * on a different route each run) rarely five times running.
 */
const CONFIRM_AGAIN = 4;

/** Each figure the shortest of the two measures. */
const shortest = (
  a: { blockMs: number; busyMs: number },
  b: { blockMs: number; busyMs: number },
) => ({
  blockMs: Math.min(a.blockMs, b.blockMs),
  busyMs: Math.min(a.busyMs, b.busyMs),
});

export async function runSweep(options: SweepOptions): Promise<SweepResult> {
  const log = options.log ?? (() => {});
  const dir = mkdtempSync(join(tmpdir(), 'vigia-sweep-'));
  const pg = options.db === 'postgres' ? await freshPostgres('vigia_sweep') : undefined;
  let child: ChildProcess | undefined;
  const agent = new Agent({ keepAlive: true });
  try {
    const started = performance.now();
    const server = await startServer({
      SWEEP_DATABASE_URL: pg?.url ?? `sqlite:${join(dir, 'vigia.db')}`,
      SWEEP_DEVICES: String(options.devices),
      SWEEP_DAYS: String(options.days),
    });
    child = server.child;
    const seedMs = performance.now() - started;
    const base = `http://127.0.0.1:${server.ready.port}`;
    log(
      `${options.db}: ${server.ready.devices} dispositivos, pronto em ${(seedMs / 1000).toFixed(1)} s`,
    );

    const signIn = await fetch(`${base}/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=password&client_id=vigia-web&username=demo&password=demo',
    });
    const { access_token: token } = (await signIn.json()) as { access_token: string };
    const headers = {
      authorization: `Bearer ${token}`,
      'accept-encoding': 'gzip, deflate, br',
    };
    const call = (url: string) => callUndecoded(agent, base, url, headers);

    const now = Math.floor(Date.now() / 1000);
    const routes: RouteFigures[] = [];
    const skipped: SweepResult['skipped'] = [];
    for (const definition of ALL_ROUTES) {
      const methods = [definition.method, ...(definition.alsoMethods ?? [])];
      if (!methods.includes('GET')) continue;
      const why = NOT_WALKED[definition.path];
      if (why) {
        skipped.push({ route: definition.path, why });
        continue;
      }
      let url: string;
      try {
        url = sweepUrl(definition, server.ready.ids, now);
      } catch (error) {
        skipped.push({ route: definition.path, why: (error as Error).message });
        continue;
      }
      const times: number[] = [];
      const statuses: Record<number, number> = {};
      const measure = async () => {
        await blockSince(child as ChildProcess);
        for (let i = 0; i < options.calls; i++) {
          const { status, ms } = await call(url);
          times.push(ms);
          statuses[status] = (statuses[status] ?? 0) + 1;
        }
        return blockSince(child as ChildProcess);
      };
      let block = await measure();
      for (
        let again = 0;
        again < CONFIRM_AGAIN && block.busyMs > (options.confirmOverMs ?? Infinity);
        again++
      ) {
        block = shortest(block, await measure());
      }
      const figures = {
        route: definition.path,
        url,
        statuses,
        p50: percentile(times, 50),
        p95: percentile(times, 95),
        ...block,
      };
      routes.push(figures);
      log(
        `  ${figures.p95.toFixed(1).padStart(7)} ms p95 ${figures.blockMs.toFixed(1).padStart(6)} ms bloqueio (${figures.busyMs.toFixed(1)} CPU)  ${JSON.stringify(statuses)}  ${url}`,
      );
    }

    // The heaviest route, many times at once, and the health check beside it.
    const heaviest = routes
      .filter((r) => (r.statuses[200] ?? 0) > 0)
      .reduce((a, b) => (b.p95 > a.p95 ? b : a));
    /** `calls` of the heaviest route at once, health polled beside. */
    const burst = async (calls: number) => {
      await blockSince(child as ChildProcess);
      const probe = startHealthProbe(base);
      const t0 = performance.now();
      const answers = await Promise.all(Array.from({ length: calls }, () => call(heaviest.url)));
      const wallMs = performance.now() - t0;
      const health = await probe.stop();
      const statuses: Record<number, number> = {};
      for (const a of answers) statuses[a.status] = (statuses[a.status] ?? 0) + 1;
      return {
        route: heaviest.url,
        calls,
        statuses,
        wallMs,
        healthP50: percentile(health, 50),
        healthP99: percentile(health, 99),
        healthMax: Math.max(...health),
        healthCalls: health.length,
        ...(await blockSince(child as ChildProcess)),
      };
    };
    // The first burst is the server's first of its kind (100 connections accepted at
    // once, the heavy-call refusals' code cold): reported, the judged one comes after.
    const cold = await burst(options.concurrent);
    // Like a route's: a burst over the limit is run again, the shortest block kept.
    const confirmOverMs = options.confirmOverMs ?? Infinity;
    let concurrent = await burst(options.concurrent);
    for (let again = 0; again < CONFIRM_AGAIN && concurrent.busyMs > confirmOverMs; again++) {
      const next = await burst(options.concurrent);
      if (next.busyMs < concurrent.busyMs) concurrent = next;
    }
    return {
      db: options.db,
      devices: server.ready.devices,
      seedMs,
      routes,
      skipped,
      concurrent: {
        ...concurrent,
        cold: { wallMs: cold.wallMs, healthP99: cold.healthP99, blockMs: cold.blockMs },
      },
    };
  } finally {
    agent.destroy();
    if (child && child.exitCode === null) {
      child.send({ type: 'stop' } satisfies ToServer);
      const timer = setTimeout(() => child?.kill('SIGKILL'), 10_000);
      await once(child, 'exit');
      clearTimeout(timer);
    }
    await pg?.drop();
    rmSync(dir, { recursive: true, force: true });
  }
}
