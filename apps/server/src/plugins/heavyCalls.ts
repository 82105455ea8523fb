import type { RouteDefinition } from '@vigia/contract';
import { API } from '@vigia/contract/api';
import { MESSAGES } from '@vigia/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { HttpError } from './httpError.js';

/**
 * The heavy calls: each reads a period of history (energy over days, reports, chart
 * history, a reading's history in the health plan, the plant chart, alarm KPIs, the fuel
 * assets and refuels found in 30 days of each tank's hours). The one list of them: these are
 * limited per user here, and their handlers read through `store.offLoopReads`.
 */
export const HEAVY_CALLS: readonly RouteDefinition[] = [
  API.energy.generatedEnergy,
  API.energy.plantDailyEnergy,
  API.energy.plantDayEnergy,
  API.energy.managementStates,
  API.energy.managementMinichart,
  API.energy.managementTable,
  API.energy.generatorEnergy,
  API.reports.rows,
  API.reports.dataTable,
  API.reports.maintenance,
  API.reports.plantChart,
  API.chartHistory.pens,
  API.healthPlan.infoHistory,
  API.alarmKpi.get,
  API.fuel.assets,
  API.fuel.refuels,
];

/**
 * Heavy calls one user may have computing at once. The energy management page asks
 * three at once (cards per state, minicharts, table), so four leave it whole.
 */
export const HEAVY_CALLS_PER_USER = 4;

/** 'METHOD /path/:param' as Fastify registers it. */
const routeKey = (method: string, url: string) => `${method} ${url}`;
const HEAVY_KEYS = new Set(
  HEAVY_CALLS.flatMap((d) =>
    [d.method, ...(d.alsoMethods ?? [])].map((m) =>
      routeKey(m, d.path.replace(/\{(\w+)\}/g, ':$1')),
    ),
  ),
);

/** Whether `method path` (`{param}` or `:param` form) is a heavy call. */
export function isHeavyCall(method: string, path: string): boolean {
  return HEAVY_KEYS.has(routeKey(method.toUpperCase(), path.replace(/\{(\w+)\}/g, ':$1')));
}

export const heavyCallsBusy = () =>
  new HttpError(429, { error: MESSAGES.heavyCallsBusy }, { 'retry-after': '1' });

declare module 'fastify' {
  interface FastifyRequest {
    /** Set while this request holds one of its user's heavy-call places. */
    heavyCallRelease: (() => void) | null;
  }
}

/**
 * Limits each user's heavy calls computing at once to `perUser`: one more answers 429
 * with the pt-BR text and `Retry-After`. Counted from the handler's start (after the
 * bearer check, validation and the response cache: a kept answer costs nothing) until
 * the answer is sent or the connection closes. Call before the routes are registered.
 */
export function limitHeavyCalls(app: FastifyInstance, perUser = HEAVY_CALLS_PER_USER): void {
  const running = new Map<number, number>();
  app.decorateRequest('heavyCallRelease', null);

  const take = (request: FastifyRequest, reply: FastifyReply, done: (error?: Error) => void) => {
    const userId = request.user?.id;
    if (userId === undefined) return done();
    const count = running.get(userId) ?? 0;
    if (count >= perUser) return done(heavyCallsBusy());
    running.set(userId, count + 1);
    let held = true;
    const release = () => {
      if (!held) return;
      held = false;
      const left = (running.get(userId) ?? 1) - 1;
      if (left > 0) running.set(userId, left);
      else running.delete(userId);
    };
    request.heavyCallRelease = release;
    reply.raw.once('close', release);
    done();
  };
  const release = (request: FastifyRequest, _reply: FastifyReply, done: () => void) => {
    request.heavyCallRelease?.();
    done();
  };

  app.addHook('onRoute', (route: RouteOptions) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (!methods.some((m) => HEAVY_KEYS.has(routeKey(m, route.url)))) return;
    route.preHandler = [...asArray(route.preHandler), take];
    route.onResponse = [...asArray(route.onResponse), release];
  });
}

function asArray<T>(hooks: T | T[] | undefined): T[] {
  if (hooks === undefined) return [];
  return Array.isArray(hooks) ? hooks : [hooks];
}
