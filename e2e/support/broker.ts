import { type ChildProcess, spawn } from 'node:child_process';
import { freePort, portOpen } from '../../test-support/services.js';

export interface TestBroker {
  /** `mqtt://127.0.0.1:<port>` */
  url: string;
  stop(): Promise<void>;
}

/**
 * A Mosquitto of one test file's own on a free port (local only, anonymous, no
 * configuration file). On the machine's shared broker the servers of files
 * running side by side would hear each other's devices: a simulator's readings
 * or another file's alarms on the same demo generator.
 */
export async function startBroker(timeoutMs = 10_000): Promise<TestBroker> {
  const port = await freePort();
  const child: ChildProcess = spawn('mosquitto', ['-p', String(port)], { stdio: 'ignore' });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
  };
  const deadline = Date.now() + timeoutMs;
  while (!(await portOpen('127.0.0.1', port, 500))) {
    if (child.exitCode !== null || Date.now() > deadline) {
      await stop();
      throw new Error(`Mosquitto não abriu a porta ${port} em ${timeoutMs} ms`);
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return { url: `mqtt://127.0.0.1:${port}`, stop };
}
