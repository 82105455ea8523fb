import { readFileSync } from 'node:fs';
import compress from '@fastify/compress';
import formbody from '@fastify/formbody';
import Fastify, {
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { type LoggerOptions, stdSerializers } from 'pino';
import type { ZodType } from 'zod';
import { createAccessTokens } from './auth/accessTokens.js';
import { createAuthenticator } from './auth/authenticator.js';
import { DEFAULT_LOGIN_LIMITS, LoginLimiter, type LoginLimits } from './auth/loginLimiter.js';
import { resolveSigningSecrets } from './auth/signingSecrets.js';
import type { BrokerHealth } from './broker/mosquitto.js';
import { startCommandService } from './commands/commandService.js';
import { type CommandLink, createInProcessCommandBus } from './commands/transport.js';
import type { Config } from './config.js';
import { EventBus } from './events/eventBus.js';
import { DeviceKeyCache } from './ingest/deviceKeyCache.js';
import type { Ingest } from './ingest/ingest.js';
import { startNotificationService } from './notifications/notificationService.js';
import { requireBearer } from './plugins/bearerAuth.js';
import { installErrorHandling, usePortugueseValidationMessages } from './plugins/errorHandler.js';
import { limitHeavyCalls } from './plugins/heavyCalls.js';
import {
  answerClientError,
  answerFrameworkError,
  refuseHostileInput,
} from './plugins/hostileInput.js';
import { docsRoutes, registerOpenApi } from './plugins/openapi.js';
import { ResponseCache } from './plugins/responseCache.js';
import { installSecurityHeaders } from './plugins/securityHeaders.js';
import { registerWebApp, webAppAvailable } from './plugins/webApp.js';
import { adminRoutes } from './routes/admin.js';
import { alarmKpiRoutes } from './routes/alarmKpi.js';
import { alarmStateRoutes } from './routes/alarmStates.js';
import { commandRoutes } from './routes/commands.js';
import { contractRoutes } from './routes/contracts.js';
import { devicesAreaRoutes } from './routes/devicesArea.js';
import { eventRoutes } from './routes/events.js';
import { firstRunRoutes } from './routes/firstRun.js';
import { fuelRoutes } from './routes/fuel.js';
import { healthRoutes } from './routes/health.js';
import { healthPlanRoutes } from './routes/healthPlan.js';
import { ingestRoutes } from './routes/ingest.js';
import { ingestRefusalRoutes } from './routes/ingestRefusals.js';
import { notificationRoutes } from './routes/notifications.js';
import { oauthRoutes } from './routes/oauth.js';
import { occurrenceCommentRoutes } from './routes/occurrenceComments.js';
import { occurrenceConfigRoutes } from './routes/occurrenceConfig.js';
import { occurrenceRoutes } from './routes/occurrences.js';
import { reportDownloadRoutes, reportFileRoutes } from './routes/reportFiles.js';
import { plantChartRoutes, reportRoutes } from './routes/reports.js';
import { scheduleRoutes } from './routes/schedules.js';
import type { AppServices } from './routes/services.js';
import { userRoutes } from './routes/user.js';
import type { Store } from './store/database.js';

export type { AppServices } from './routes/services.js';

export interface AppOptions {
  config: Config;
  store: Store;
  /** Live events; one is created when omitted. Share it with ingest and the alarm engine. */
  bus?: EventBus;
  /** Fastify logger: false in tests; defaults to pino with `loggerOptions(config)`. */
  logger?: FastifyServerOptions['logger'];
  /** A pino logger to share with the rest of the process (server.ts). */
  loggerInstance?: FastifyBaseLogger;
  /** With an ingest, `POST /api/ingest` (device key) is served. */
  ingest?: Ingest;
  loginLimits?: LoginLimits;
  /** SSE heartbeat period (tests shorten it). */
  eventsHeartbeatMs?: number;
  /** Command delivery (in process when no link is given) and its timing (tests shorten it). */
  commands?: { link?: CommandLink; ttlMs?: number; sweepMs?: number };
  /** The project's own broker's state, for `/api/health` (server.ts supervises it). */
  brokerHealth?: () => BrokerHealth;
  /** The own broker's device accounts (see AppServices). */
  brokerAccounts?: AppServices['brokerAccounts'];
}

export interface RouteEntry {
  method: string;
  url: string;
  /** Names of the query parameters its schema declares. */
  querystring: string[];
  /** Those of them a request must carry (neither optional nor defaulted). */
  requiredQuerystring: string[];
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route as registered, for tests and diagnostics. */
    routeCatalog: RouteEntry[];
    bus: EventBus;
  }
}

export const VERSION: string = (() => {
  try {
    const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
    return String(pkg.version ?? '0.0.0');
  } catch {
    return '0.0.0';
  }
})();

/** pino options for the server's log: no credentials, ever. */
export function loggerOptions(config: Pick<Config, 'logLevel'>): LoggerOptions {
  return {
    level: config.logLevel,
    redact: ['req.headers.authorization', 'req.headers.cookie'],
    serializers: {
      req(request: FastifyRequest) {
        return {
          method: request.method,
          // The event stream's access token and a report download's signed token ride
          // in the query: never log them (the download's is valid without a sign-in).
          url: request.url.replace(/([?&](?:access_)?token=)[^&]*/g, '$1***'),
          remoteAddress: request.ip,
        };
      },
      res(reply: FastifyReply) {
        return { statusCode: reply.statusCode };
      },
      err: stdSerializers.err,
    },
  };
}

/**
 * Fastify's `trustProxy` for VIGIA_TRUST_PROXY. A hop count trusts that many
 * addresses nearest the server (the socket's first): the client is the entry the
 * farthest trusted proxy wrote, never one the client could write itself.
 * Fastify takes no count of its own (it would trust none).
 */
export function proxyTrust(
  trust: Config['trustProxy'],
): boolean | string | ((address: string, hop: number) => boolean) {
  return typeof trust === 'number' ? (_address, hop) => hop < trust : trust;
}

/**
 * The HTTP app as a plugin: routes, auth, errors, docs and the console's
 * files. It never listens (see server.ts); tests drive it with `inject`.
 */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config, store } = options;
  usePortugueseValidationMessages();

  // With a certificate the server speaks HTTP/2 (one connection for the console's many
  // files and its event stream) and still HTTP/1.1 to clients that ask for it. Node's
  // HTTP/2 compatibility objects stand in for http's, so the app's types stay http's.
  const app = (Fastify as (options: object) => FastifyInstance)({
    ...(config.tls ? { http2: true, https: { allowHTTP1: true, ...config.tls } } : {}),
    ...(options.loggerInstance
      ? { loggerInstance: options.loggerInstance }
      : { logger: options.logger === undefined ? loggerOptions(config) : options.logger }),
    trustProxy: proxyTrust(config.trustProxy),
    bodyLimit: 1 << 20,
    requestTimeout: 30_000,
    clientErrorHandler: answerClientError,
    frameworkErrors: answerFrameworkError,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandling(app);
  installSecurityHeaders(app);
  refuseHostileInput(app);

  const bus = options.bus ?? new EventBus((error) => app.log.error({ err: error }, 'eventos'));
  const secrets = await resolveSigningSecrets(config, store);
  if (secrets.movedFromDatabase) {
    app.log.warn(
      { arquivo: secrets.file },
      'chave de assinatura dos tokens retirada do banco de dados e guardada no arquivo',
    );
  }
  if (store.dialect === 'postgres' && !secrets.fromEnvironment) {
    app.log.warn(
      { arquivo: secrets.file },
      'PostgreSQL sem VIGIA_JWT_SECRET: a chave de assinatura dos tokens é deste nó; com vários nós, dê a todos a mesma VIGIA_JWT_SECRET',
    );
  }
  const accessTokens = createAccessTokens(secrets, config.accessTokenTtlSeconds);
  const services: AppServices = {
    config,
    store,
    bus,
    accessTokens,
    authenticator: createAuthenticator({ db: store.db, accessTokens }),
    loginLimiter: new LoginLimiter(store.db, options.loginLimits ?? DEFAULT_LOGIN_LIMITS),
    responseCache: new ResponseCache(bus),
    deviceKeys: new DeviceKeyCache(),
    ...(options.brokerAccounts ? { brokerAccounts: options.brokerAccounts } : {}),
  };
  const commands = await startCommandService({
    store,
    link: options.commands?.link ?? createInProcessCommandBus().server,
    publish: bus,
    ttlMs: options.commands?.ttlMs,
    sweepMs: options.commands?.sweepMs,
    log: app.log,
  });
  app.addHook('onClose', () => commands.close());
  const notifications = startNotificationService({
    store,
    bus,
    config: config.notifications,
    log: app.log,
  });
  app.addHook('onClose', () => notifications.close());
  app.decorate('bus', bus);
  app.decorate('responseCache', services.responseCache);
  app.decorate('routeCatalog', [] as RouteEntry[]);
  app.decorateRequest('user', null);
  app.decorateRequest('tokenExpiresAt', null);
  app.decorateRequest('cacheBodyKey', '');
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const shape = (route.schema?.querystring as { shape?: Record<string, ZodType> } | undefined)
      ?.shape;
    const names = Object.keys(shape ?? {});
    for (const method of methods) {
      app.routeCatalog.push({
        method,
        url: route.url,
        querystring: names,
        requiredQuerystring: names.filter((n) => !shape?.[n]?.safeParse(undefined).success),
      });
    }
  });

  // Before the routes: it marks the heavy ones as they are registered.
  limitHeavyCalls(app, options.config.heavyCallsPerUser);

  await app.register(formbody);
  await app.register(compress, { global: true, threshold: 1024, encodings: ['br', 'gzip'] });
  await registerOpenApi(app, VERSION);

  // Public: sign-in, health, docs.
  await app.register(oauthRoutes, services);
  await app.register(healthRoutes, {
    ...services,
    version: VERSION,
    brokerHealth: options.brokerHealth,
    ingestRefusals: options.ingest?.refusals.bind(options.ingest),
  });
  await app.register(docsRoutes);
  // Devices: their own key, no user token.
  if (options.ingest) {
    const ingest = options.ingest;
    // Rules or devices changed on any node (the PostgreSQL relay brings the others'):
    // reload the rules, forget the devices' cached keys and rows.
    const unsubscribe = bus.subscribe((event) => {
      if (event.type === 'alarmRules.changed') ingest.alarmRulesChanged(event);
      if (event.type === 'devices.changed') {
        services.deviceKeys.forgetDevices(event.deviceIds);
        ingest.devicesChanged(event.deviceIds);
      }
    });
    app.addHook('onClose', async () => unsubscribe());
    await app.register(ingestRoutes, {
      store,
      ingest: options.ingest,
      keys: services.deviceKeys,
    });
  }
  await app.register(firstRunRoutes, services);
  // A report file's signed download URL: the token is the right, no bearer.
  await app.register(reportDownloadRoutes, services);

  // Everything else under /api needs a bearer token.
  await app.register(
    async (api) => {
      requireBearer(api, services.authenticator);
      await api.register(userRoutes, services);
      await api.register(occurrenceRoutes, services);
      await api.register(alarmStateRoutes, services);
      await api.register(occurrenceConfigRoutes, services);
      await api.register(occurrenceCommentRoutes, services);
      await api.register(alarmKpiRoutes, services);
      await api.register(eventRoutes, { ...services, heartbeatMs: options.eventsHeartbeatMs });
      await api.register(devicesAreaRoutes, services);
      await api.register(commandRoutes, { ...services, commands });
      await api.register(fuelRoutes, services);
      await api.register(scheduleRoutes, services);
      await api.register(contractRoutes, services);
      await api.register(reportRoutes, services);
      await api.register(reportFileRoutes, services);
      await api.register(ingestRefusalRoutes, services);
      await api.register(adminRoutes, services);
      await api.register(notificationRoutes, services);
    },
    { prefix: '/api' },
  );
  // The health-plan review (spec 000 §7) keeps its `/api2` paths, same origin, same token.
  await app.register(
    async (api2) => {
      requireBearer(api2, services.authenticator);
      await api2.register(healthPlanRoutes, services);
      await api2.register(plantChartRoutes, services);
    },
    { prefix: '/api2' },
  );

  if (webAppAvailable(config.webDist)) {
    await registerWebApp(app, config.webDist);
  } else {
    app.log.warn({ webDist: config.webDist }, 'console web não encontrado: só a API será servida');
  }

  await app.ready();
  return app;
}
