import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

describe('loadConfig', () => {
  it('defaults to the embedded start: port 8080, SQLite under data/, demo and simulator on', () => {
    const config = loadConfig({}, '/srv/vigia');
    expect(config).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      databaseUrl: 'sqlite:/srv/vigia/data/vigia.db',
      mqttUrl: undefined,
      demo: true,
      simulator: true,
      seed: 1,
      accessTokenTtlSeconds: 900,
      refreshTokenTtlSeconds: 30 * 24 * 3600,
      jwtSecret: undefined,
      jwtSecretPrevious: undefined,
      webDist: '/srv/vigia/apps/web/dist',
      trustProxy: false,
      logLevel: 'info',
    });
  });

  it('the simulator follows VIGIA_DEMO unless set on its own', () => {
    expect(loadConfig({ VIGIA_DEMO: '0' }).simulator).toBe(false);
    expect(loadConfig({ VIGIA_DEMO: 'off', VIGIA_SIMULATOR: 'on' }).simulator).toBe(true);
    expect(loadConfig({ VIGIA_SIMULATOR: 'false' })).toMatchObject({
      demo: true,
      simulator: false,
    });
  });

  it('keeps PostgreSQL URLs and absolute SQLite paths as given', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://u@db:5432/vigia' }).databaseUrl).toBe(
      'postgres://u@db:5432/vigia',
    );
    expect(loadConfig({ DATABASE_URL: 'sqlite:/var/lib/vigia.db' }).databaseUrl).toBe(
      'sqlite:/var/lib/vigia.db',
    );
    expect(loadConfig({ DATABASE_URL: 'sqlite::memory:' }).databaseUrl).toBe('sqlite::memory:');
  });

  it("with VIGIA_BROKER, MQTT goes to the project's own broker with the server account", () => {
    const config = loadConfig({ VIGIA_BROKER: '1', VIGIA_NODE: 'no-1' }, '/srv/vigia');
    expect(config).toMatchObject({
      mqttUrl: 'mqtt://127.0.0.1:1884',
      mqttUsername: 'vigia-servidor',
      mqttPassword: undefined,
      mqttClientId: 'vigia-vigia-no-1',
      dataDir: '/srv/vigia/data',
      broker: { port: 1884, dir: '/srv/vigia/data/broker' },
    });
    expect(
      loadConfig({ MQTT_URL: 'mqtt://b:1883', MQTT_USERNAME: 'u', MQTT_PASSWORD: 'p' }),
    ).toMatchObject({ mqttUrl: 'mqtt://b:1883', mqttUsername: 'u', mqttPassword: 'p' });
    expect(loadConfig({}).broker).toBeUndefined();
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ PORT: '', MQTT_URL: ' ' })).toMatchObject({
      port: 8080,
      mqttUrl: undefined,
    });
  });

  it('names every bad variable in one error', () => {
    const bad = () =>
      loadConfig({
        PORT: 'oito',
        DATABASE_URL: 'mysql://x',
        VIGIA_DEMO: 'talvez',
        VIGIA_JWT_SECRET: 'curto',
        MQTT_URL: 'http://broker',
        LOG_LEVEL: 'verbose',
      });
    expect(bad).toThrow(ConfigError);
    try {
      bad();
    } catch (error) {
      const message = (error as Error).message;
      for (const name of [
        'PORT',
        'DATABASE_URL',
        'VIGIA_DEMO',
        'VIGIA_JWT_SECRET',
        'MQTT_URL',
        'LOG_LEVEL',
      ]) {
        expect(message).toContain(name);
      }
    }
  });

  it('takes a previous signing key only beside the new one (a rollover)', () => {
    const [a, b] = ['a'.repeat(32), 'b'.repeat(32)];
    expect(loadConfig({ VIGIA_JWT_SECRET: b, VIGIA_JWT_SECRET_PREVIOUS: a })).toMatchObject({
      jwtSecret: b,
      jwtSecretPrevious: a,
    });
    expect(() => loadConfig({ VIGIA_JWT_SECRET_PREVIOUS: a })).toThrow(
      /VIGIA_JWT_SECRET_PREVIOUS: só vale junto com VIGIA_JWT_SECRET/,
    );
  });

  it('accepts short token lifetimes for tests and rejects zero', () => {
    expect(loadConfig({ VIGIA_ACCESS_TOKEN_TTL: '2' }).accessTokenTtlSeconds).toBe(2);
    expect(() => loadConfig({ VIGIA_ACCESS_TOKEN_TTL: '0' })).toThrow(ConfigError);
  });

  it('keeps each kind of record by its own period; aggregates at least as long as readings', () => {
    expect(loadConfig({}).retention).toEqual({
      readings: 90,
      hourly: 730,
      daily: 0,
      occurrences: 1825,
      audit: 1825,
    });
    // The aggregates are kept at least as long as the readings they summarise.
    expect(loadConfig({ VIGIA_RETENTION_HOURLY_DAYS: '30' }).retention.hourly).toBe(90);
    expect(loadConfig({ VIGIA_RETENTION_DAYS: '0' }).retention).toMatchObject({
      readings: 0,
      hourly: 0,
      daily: 0,
    });
    expect(loadConfig({ VIGIA_RETENTION_DAILY_DAYS: '365' }).retention.daily).toBe(730);
  });

  it("sets V8's heap growth at 50 % unless told (0: V8's own), and refuses a bad value", () => {
    expect(loadConfig({}).heapGrowthPercent).toBe(50);
    expect(loadConfig({ VIGIA_HEAP_GROWTH_PERCENT: '0' }).heapGrowthPercent).toBe(0);
    expect(loadConfig({ VIGIA_HEAP_GROWTH_PERCENT: '120' }).heapGrowthPercent).toBe(120);
    expect(() => loadConfig({ VIGIA_HEAP_GROWTH_PERCENT: '-1' })).toThrow(
      /VIGIA_HEAP_GROWTH_PERCENT/,
    );
    expect(() => loadConfig({ VIGIA_HEAP_GROWTH_PERCENT: 'muito' })).toThrow(ConfigError);
  });

  it("limits a user's heavy calls at 4 at once unless told, and refuses a bad value", () => {
    expect(loadConfig({}).heavyCallsPerUser).toBe(4);
    expect(loadConfig({ VIGIA_HEAVY_CALLS_PER_USER: '8' }).heavyCallsPerUser).toBe(8);
    expect(() => loadConfig({ VIGIA_HEAVY_CALLS_PER_USER: '0' })).toThrow(
      /VIGIA_HEAVY_CALLS_PER_USER/,
    );
  });

  it('VIGIA_TRUST_PROXY: off, hops in front of the server, or proxy addresses; never the leftmost entry', () => {
    expect(loadConfig({ VIGIA_TRUST_PROXY: '0' }).trustProxy).toBe(false);
    // The on-words of earlier versions mean the one balancer in front, not every hop.
    expect(loadConfig({ VIGIA_TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ VIGIA_TRUST_PROXY: 'true' }).trustProxy).toBe(1);
    expect(loadConfig({ VIGIA_TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ VIGIA_TRUST_PROXY: '10.0.0.0/8, 192.168.1.10,::1' }).trustProxy).toBe(
      '10.0.0.0/8,192.168.1.10,::1',
    );
    for (const bad of ['qualquer', '10.0.0.0/8,balanceador', '-1']) {
      expect(() => loadConfig({ VIGIA_TRUST_PROXY: bad }), bad).toThrow(ConfigError);
    }
  });
});
