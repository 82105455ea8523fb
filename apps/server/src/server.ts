import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { pino } from 'pino';
import { FIRST_RUN_CODE_FILE, prepareFirstRun } from './admin/firstRun.js';
import { sweepCommunication } from './alarms/engine.js';
import { type AppServices, buildApp, loggerOptions } from './app.js';
import { DEVICE_KEYS_FILE, issueDeviceKeys } from './broker/deviceCredentials.js';
import {
  provisionBroker,
  removeDeviceAccount,
  type SupervisedBroker,
  setDeviceAccount,
  superviseBroker,
} from './broker/mosquitto.js';
import { watchOversizePackets } from './broker/oversizeLog.js';
import { startCommandLinks } from './commands/links.js';
import { type Config, ConfigError, loadConfig, mqttConnection } from './config.js';
import { EventBus } from './events/eventBus.js';
import { type PgEventRelay, startPgEventRelay } from './events/pgEventRelay.js';
import { applyHeapGrowth } from './heapGrowth.js';
import { createIngest } from './ingest/ingest.js';
import { readingsSubscription, startMqttIngest } from './ingest/mqtt.js';
import { startDailyReports } from './reportFiles/dailyOccurrenceReport.js';
import { defaultReportFolder } from './reportFiles/storage.js';
import { ensureCatalog } from './seed/catalogSeed.js';
import { seedDemo } from './seed/demoFleet.js';
import { startSimulator } from './simulator/simulator.js';
import { startShelfExpiry } from './store/alarms/shelving.js';
import { purgeExpiredRefreshTokens } from './store/auth/refreshTokens.js';
import { openStore } from './store/database.js';
import { startRetention } from './store/retention.js';
import { startRollups } from './store/rollups/rollupJob.js';

const COMMUNICATION_SWEEP_MS = 60_000;
const TOKEN_PURGE_MS = 3_600_000;
const SIMULATOR_INTERVAL_MS = 5_000;
const SHUTDOWN_TIMEOUT_MS = 10_000;

function readConfig(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(2);
    }
    throw error;
  }
}

/** `sqlite:/abs/path` or the PostgreSQL URL without its password, for the logs. */
function describeDatabase(url: string): string {
  if (url.startsWith('sqlite:')) return url;
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return 'postgres';
  }
}

async function main(): Promise<void> {
  const config = readConfig();
  applyHeapGrowth(config.heapGrowthPercent);
  const log = pino(loggerOptions(config));
  const stops: (() => Promise<void> | void)[] = [];
  const shutdown = async (reason: string, code: number) => {
    log.info({ reason }, 'encerrando');
    const timer = setTimeout(() => {
      log.error('encerramento demorou demais: saindo à força');
      process.exit(1);
    }, SHUTDOWN_TIMEOUT_MS);
    timer.unref();
    for (const stop of stops.reverse()) {
      try {
        await stop();
      } catch (error) {
        log.error({ err: error }, 'falha ao encerrar um componente');
      }
    }
    log.info('encerrado');
    process.exit(code);
  };
  let stopping = false;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      if (stopping) return;
      stopping = true;
      void shutdown(signal, 0);
    });
  }

  log.info({ database: describeDatabase(config.databaseUrl) }, 'abrindo o banco de dados');
  const store = await openStore(config.databaseUrl, {
    onBackgroundError: (error) =>
      log.warn({ err: error }, 'checkpoint do SQLite em segundo plano falhou'),
  });
  stops.push(() => store.close());

  if (config.demo) {
    const started = Date.now();
    await seedDemo(store, { seed: config.seed, users: true });
    log.info({ ms: Date.now() - started }, 'frota de demonstração pronta');
  }
  if (await ensureCatalog(store)) log.info('modelos de dispositivo e seus painéis cadastrados');

  const bus = new EventBus((error) => log.error({ err: error }, 'eventos: assinante falhou'));
  let relay: PgEventRelay | undefined;
  if (store.dialect === 'postgres') {
    relay = await startPgEventRelay({ connectionString: config.databaseUrl, bus, log });
    stops.push(() => relay?.close());
    log.info({ processId: relay.processId }, 'eventos: fan-out por LISTEN/NOTIFY ativo');
  }

  // Devices without a key get a random one (stored hashed), written down for handing out.
  mkdirSync(config.dataDir, { recursive: true, mode: 0o700 });
  const keysFile = join(config.dataDir, DEVICE_KEYS_FILE);
  let broker: SupervisedBroker | undefined;
  let brokerAccounts: AppServices['brokerAccounts'];
  let brokerLog: string | undefined;
  if (config.broker) {
    const { files, issued } = await provisionBroker(store, {
      ...config.broker,
      keysFile,
      ...(config.mqttPassword !== undefined ? { serverPassword: config.mqttPassword } : {}),
    });
    const supervised = await superviseBroker(files, config.broker.port, { log });
    brokerAccounts = {
      setDeviceKey: (deviceId, key) => setDeviceAccount(store, files, deviceId, key),
      removeDevice: (deviceId) => removeDeviceAccount(store, files, deviceId),
    };
    stops.push(() => supervised.stop());
    broker = supervised;
    brokerLog = files.log;
    log.info(
      { porta: config.broker.port, pasta: files.dir, chavesNovas: issued.length, keysFile },
      'broker MQTT próprio ativo (contas por dispositivo)',
    );
  } else {
    const issued = await issueDeviceKeys(store, { keysFile });
    if (issued.length > 0) log.info({ chavesNovas: issued.length, keysFile }, 'chaves emitidas');
  }

  const ingest = createIngest({
    store,
    publish: bus,
    log,
    chatterWindowSeconds: config.alarms.chatterWindowSeconds,
  });
  stops.push(() => ingest.close());
  if (brokerLog) {
    // A device's packet over the own broker's limit never reaches us: its log says whose it was.
    const oversize = watchOversizePackets(brokerLog, (deviceId) =>
      ingest.refuse(deviceId, 'tooBig'),
    );
    stops.push(() => oversize.stop());
  }
  const connection = mqttConnection(config);
  if (connection) {
    const { url, ...account } = connection;
    const mqtt = await startMqttIngest(url, ingest, {
      ...account,
      topic: readingsSubscription(config),
      clientId: config.mqttClientId,
      onError: (error) => log.error({ err: error }, 'MQTT: erro'),
    });
    stops.push(() => mqtt.close());
    const shown = url.replace(/\/\/[^@/]*@/, '//');
    log.info({ mqtt: shown, clientId: config.mqttClientId }, 'ingestão MQTT ativa');
  }

  const commandLinks = await startCommandLinks(config, log);
  stops.push(() => commandLinks.close());

  if (config.simulator) {
    const simulator = startSimulator({
      store,
      ingest,
      seed: config.seed,
      intervalMs: SIMULATOR_INTERVAL_MS,
      commands: commandLinks.devices,
    });
    stops.push(() => simulator.stop());
    log.info({ intervalMs: SIMULATOR_INTERVAL_MS }, 'simulador ativo');
  }

  const sweep = setInterval(() => {
    sweepCommunication(store, { publish: bus }).catch((error: unknown) =>
      log.error({ err: error }, 'varredura de comunicação falhou'),
    );
  }, COMMUNICATION_SWEEP_MS);
  const purge = setInterval(() => {
    purgeExpiredRefreshTokens(store.db).catch((error: unknown) =>
      log.error({ err: error }, 'limpeza de refresh tokens falhou'),
    );
  }, TOKEN_PURGE_MS);
  sweep.unref();
  purge.unref();
  stops.push(() => {
    clearInterval(sweep);
    clearInterval(purge);
  });
  const shelves = startShelfExpiry(store, {
    intervalMs: config.alarms.shelveSweepMs,
    publish: bus,
    onError: (error) => log.error({ err: error }, 'retorno de alarmes suprimidos falhou'),
  });
  stops.push(() => shelves.stop());
  const rollups = startRollups(store, {
    onError: (error) => log.error({ err: error }, 'agregados de leituras falharam'),
  });
  stops.push(() => rollups.stop());
  const dailyReports = startDailyReports(store, defaultReportFolder(config.dataDir), {
    onError: (error) => log.error({ err: error }, 'relatórios diários de ocorrências falharam'),
  });
  stops.push(() => dailyReports.stop());
  const retention = startRetention(store, {
    policy: config.retention,
    onPass: (pass) => {
      const { droppedPartitions, compactedPartitions, ...deleted } = pass;
      const changed = droppedPartitions.length + compactedPartitions.length > 0;
      if (changed || Object.values(deleted).some((n) => n > 0)) {
        log.info(pass, 'registros antigos removidos (retenção)');
      }
    },
    onError: (error) => log.error({ err: error }, 'limpeza de registros antigos falhou'),
  });
  stops.push(() => retention.stop());

  const app = await buildApp({
    config,
    store,
    bus,
    ingest,
    loggerInstance: log,
    commands: { link: commandLinks.server },
    ...(broker ? { brokerHealth: broker.health } : {}),
    ...(brokerAccounts ? { brokerAccounts } : {}),
  });
  stops.push(() => app.close());
  const firstRunCode = await prepareFirstRun(store, config.dataDir);
  const address = await app.listen({ port: config.port, host: config.host });
  const shown = address.replace('0.0.0.0', 'localhost').replace('[::]', 'localhost');
  log.info(`Vigia no ar em ${shown} (API em ${shown}/api, documentação em ${shown}/api/docs)`);
  if (firstRunCode) {
    log.warn(
      { codigo: firstRunCode, arquivo: join(config.dataDir, FIRST_RUN_CODE_FILE) },
      `Configuração inicial pendente: abra ${shown}, escolha 'Configuração inicial' e informe o código ${firstRunCode} ` +
        '(ou rode npm run admin -- criar-administrador <login>).',
    );
  }
  if (config.demo) {
    log.info(
      'usuários de demonstração: demo/demo (operador, comando), cliente/cliente (um sistema), ' +
        'admin/admin (administrador), bloqueado/bloqueado (bloqueado). Não use VIGIA_DEMO em produção.',
    );
  }
}

main().catch((error: unknown) => {
  console.error('Vigia não pôde iniciar:', error);
  process.exit(1);
});
