import { Worker } from 'node:worker_threads';

/**
 * `/api/health` polled every 10 ms from a thread of its own, as a load balancer
 * would from its own process: the latencies it reports are the server's, not the
 * wait of a client loop busy reading a burst's answers beside it.
 */
const PROBE = `
const { parentPort, workerData } = require('node:worker_threads');
const http = require('node:http');
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
let polling = true;
const times = [];
parentPort.once('message', () => { polling = false; });
const once = () => new Promise((resolve, reject) => {
  const t0 = performance.now();
  http.get(workerData.url, { agent }, (response) => {
    response.resume();
    response.once('end', () => resolve(performance.now() - t0));
  }).once('error', reject);
});
(async () => {
  while (polling) {
    times.push(await once());
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  agent.destroy();
  parentPort.postMessage(times);
})();
`;

export interface HealthProbe {
  /** Stops polling; the latencies of every call, ms. */
  stop(): Promise<number[]>;
}

export function startHealthProbe(base: string): HealthProbe {
  const worker = new Worker(PROBE, { eval: true, workerData: { url: `${base}/api/health` } });
  const times = new Promise<number[]>((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
  });
  return {
    async stop() {
      worker.postMessage('stop');
      const result = await times;
      await worker.terminate();
      return result;
    },
  };
}
