import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const SERVER_ENTRY = fileURLToPath(new URL('../server.ts', import.meta.url));
const REPO_ROOT = fileURLToPath(new URL('../../../../', import.meta.url));

export interface ServerProcess {
  /** `http://127.0.0.1:<port>` */
  url: string;
  child: ChildProcess;
  /** Everything the process wrote so far (pino JSON lines and stderr). */
  output(): string;
  /** SIGTERM, then waits for the exit; SIGKILL if it hangs. Resolves the exit code. */
  stop(): Promise<number | null>;
}

/**
 * Starts `apps/server/src/server.ts` as a real process (TypeScript through the
 * tsx loader, workspace sources by the `source` condition) on a free port and
 * resolves once it listens. Unless `env` names one, its VIGIA_DATA_DIR (device
 * keys, the token signing key) is a folder of its own, removed when it stops.
 */
export function startServerProcess(
  env: Record<string, string>,
  timeoutMs = 60_000,
): Promise<ServerProcess> {
  const dataDir = env.VIGIA_DATA_DIR ? undefined : mkdtempSync(join(tmpdir(), 'vigia-servidor-'));
  const child = spawn(process.execPath, ['--import', 'tsx', '--conditions=source', SERVER_ENTRY], {
    cwd: REPO_ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      HOST: '127.0.0.1',
      PORT: '0',
      LOG_LEVEL: 'info',
      VIGIA_WEB_DIST: '/nonexistent',
      ...(dataDir ? { VIGIA_DATA_DIR: dataDir } : {}),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => {
      if (dataDir) rmSync(dataDir, { recursive: true, force: true });
      resolve(code);
    }),
  );
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return child.exitCode;
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
    const code = await exited;
    clearTimeout(timer);
    return code;
  };
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      void stop();
      reject(new Error(`servidor não subiu em ${timeoutMs} ms:\n${output}`));
    }, timeoutMs);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /Vigia no ar em (http:\/\/[^\s,)"]+)/.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        child.stdout?.off('data', onData);
        child.stdout?.on('data', (more: Buffer) => {
          output += more.toString();
        });
        resolve({
          url: match[1].replace('localhost', '127.0.0.1'),
          child,
          output: () => output,
          stop,
        });
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`servidor saiu (código ${code}) antes de escutar:\n${output}`));
    });
  });
}
