import { spawn } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../e2e/support/vigiaServer.js';
import {
  chromiumAvailable,
  mosquittoAvailable,
  mqttAvailable,
  needService,
  postgresAvailable,
} from '../test-support/services.js';
import { SMOKE_TIME_LIMIT_S } from './timeLimit.js';

/**
 * Every bench's `--smoke` run (tiny sizes, seconds), so a change that breaks
 * a bench fails the suite the day it lands: each runs as a child process and
 * must exit 0 and print its figure. Targets are not judged here (tiny sizes on
 * a loaded machine), only that the bench still measures. Runs in the e2e
 * project: its global setup gives the children the seeded demo file and the
 * shared Chromium through the environment.
 */

const has = {
  chromium: await needService('Chromium', chromiumAvailable),
  mosquitto: await needService('Mosquitto', mosquittoAvailable),
  postgres: await needService('PostgreSQL', postgresAvailable),
  mqtt: await needService('MQTT broker', mqttAvailable),
};

/**
 * Longest a smoke may take before it is stopped and fails (each aims at ≤ 15 s):
 * past the bench's own limit (SMOKE_TIME_LIMIT_S), so its message comes first.
 */
const SMOKE_LIMIT_MS = (SMOKE_TIME_LIMIT_S + 30) * 1000;
/**
 * Smokes running at once: each starts servers, databases or a browser, so more
 * than two at a time on CI's two cores (beside the other test files) only
 * makes each slower.
 */
const LANES = 2;
let running = 0;
const waiting: (() => void)[] = [];
async function inLane<T>(work: () => Promise<T>): Promise<T> {
  if (running >= LANES) await new Promise<void>((resolve) => waiting.push(resolve));
  running += 1;
  try {
    return await work();
  } finally {
    running -= 1;
    waiting.shift()?.();
  }
}

interface Outcome {
  code: number | null;
  output: string;
  seconds: number;
  /** Processes of the bench's group still running 2 s after it ended. */
  leftovers: boolean;
}

const groupAlive = (pid: number) => {
  try {
    process.kill(-pid, 0);
    return true;
  } catch {
    return false;
  }
};

/**
 * Runs `bench/<bench>/run.ts` as the README says (tsx, source condition) in a
 * process group of its own, so a bench that hangs is stopped with everything
 * it started.
 */
function runBench(bench: string, args: string[], limitMs = SMOKE_LIMIT_MS): Promise<Outcome> {
  const started = performance.now();
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', '--conditions=source', `bench/${bench}/run.ts`, ...args],
    { cwd: REPO_ROOT, env: process.env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  const keep = (chunk: Buffer) => {
    output += chunk.toString();
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const stopGroup = () => {
    try {
      if (child.pid) process.kill(-child.pid, 'SIGKILL');
    } catch {
      // The group is gone.
    }
  };
  const timer = setTimeout(() => {
    output += `\n[smoke] passou de ${limitMs} ms: grupo de processos encerrado`;
    stopGroup();
  }, limitMs);
  return new Promise((resolve) => {
    child.once('close', async (code) => {
      clearTimeout(timer);
      const seconds = (performance.now() - started) / 1000;
      let leftovers = child.pid !== undefined && groupAlive(child.pid);
      for (let waited = 0; leftovers && waited < 2000; waited += 100) {
        await new Promise((wait) => setTimeout(wait, 100));
        leftovers = child.pid !== undefined && groupAlive(child.pid);
      }
      // Whatever the bench left behind.
      stopGroup();
      resolve({ code, output, seconds, leftovers });
    });
  });
}

interface Smoke {
  bench: string;
  args: string[];
  /** The line that carries the bench's figure. */
  figure: RegExp;
  needs: (keyof typeof has)[];
}

const SMOKES: Smoke[] = [
  {
    bench: 'alarm-latency',
    args: ['--smoke'],
    figure: /publicado → linha pintada: p50 \d+\.\d ms, p95 \d+\.\d ms/,
    needs: ['chromium', 'mosquitto'],
  },
  {
    bench: 'api',
    args: ['--smoke'],
    figure:
      /^lista de dispositivos \(infosFiltro, sisid=121, leituras da tela.*\| \d+ \| \d+ \| \d+ \|/m,
    needs: [],
  },
  {
    bench: 'audit',
    args: ['--smoke', '--db', 'sqlite'],
    figure:
      /^\| SQLite \| no filter, platform administrator \| [\d,]+ \| deep \| [\d,]+ \| 50 \| \d+\.\d\d \| \d+\.\d\d \| [\d.]+× \|/m,
    needs: [],
  },
  {
    bench: 'chart',
    args: ['--smoke'],
    figure: /\[sqlite\] aggregates: p50 \d+\.\d ms, p95 \d+\.\d ms/,
    needs: ['chromium'],
  },
  {
    bench: 'fleet',
    args: ['--smoke'],
    figure: /\| mensagens publicadas\/s \| [1-9]\d* \|/,
    needs: ['mosquitto'],
  },
  {
    bench: 'ingest',
    args: ['--smoke'],
    figure: /caminho de ingestão: +[\d.]+ leituras\/s/,
    needs: [],
  },
  {
    bench: 'ingest-crash',
    args: ['--smoke'],
    figure: /OK +toda leitura confirmada foi gravada, nenhuma duas vezes/,
    needs: ['mosquitto'],
  },
  {
    bench: 'occurrences',
    args: ['--smoke', '--db', 'sqlite'],
    figure: /^\| SQLite \| .+ \| first \| 0 \| \d+ \| \d+\.\d\d \| \d+\.\d\d \|/m,
    needs: [],
  },
  {
    bench: 'storage',
    args: ['--smoke'],
    figure:
      /\[sqlite\] readings: \d+\.\d B a reading.*\n(.*\n)*\[postgres\] now, closed month packed.*: \d+\.\d B a reading/,
    needs: ['postgres'],
  },
  {
    bench: 'two-nodes',
    args: ['--smoke'],
    figure: /OK +dois nós/,
    needs: ['postgres', 'mqtt'],
  },
  {
    bench: 'web',
    args: ['--smoke'],
    figure: /total [\d.]+ kB de [\d.]+ kB[\s\S]*home-cluster +\d+ violações/,
    needs: ['chromium'],
  },
];

describe.concurrent('every bench measures at tiny sizes (--smoke), and fails fast when it cannot', () => {
  it.runIf(has.chromium && has.mosquitto)(
    'alarm-latency past its time limit stops what it started, says so and exits 1',
    { timeout: 10 * 60_000 },
    async () => {
      const { code, output, seconds, leftovers } = await inLane(() =>
        runBench('alarm-latency', ['--smoke', '--time-limit', '2']),
      );
      expect(output).toContain('alarm-latency: NÃO MEDIU: passou do limite de 2 s');
      expect(code).toBe(1);
      expect(seconds).toBeLessThan(15);
      expect(leftovers, 'servidor, broker ou navegador ficaram rodando').toBe(false);
    },
  );

  for (const smoke of SMOKES) {
    const ready = smoke.needs.every((service) => has[service]);
    it.runIf(ready)(
      `${smoke.bench} ${smoke.args.join(' ')}`,
      { timeout: 10 * 60_000 },
      async () => {
        const { code, output, seconds } = await inLane(() => runBench(smoke.bench, smoke.args));
        console.log(`[smoke] ${smoke.bench}: ${seconds.toFixed(1)} s`);
        expect(output, output).toMatch(smoke.figure);
        expect(code, output).toBe(0);
      },
    );
  }
});
