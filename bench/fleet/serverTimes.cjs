// Preloaded into the server by the fleet bench (FLEET_SERVER_TIMES=<file>): for each polled
// call, when the server had its answer (request parsed → headers written) and when the
// socket took the last byte; how late its event loop ran each second; the V8 heap committed
// each second and in use just after each full collection (what lives); written to <file> as
// JSON on exit. The bench compares
// them with what its consoles saw, which adds the network, the kernel and its own loop.
const http = require('node:http');
const v8 = require('node:v8');
const {
  constants,
  monitorEventLoopDelay,
  PerformanceObserver,
  performance,
} = require('node:perf_hooks');
const { writeFileSync } = require('node:fs');

const file = process.env.FLEET_SERVER_TIMES;
if (file) {
  const calls = [];
  const loopDelay = [];
  const heap = [];
  const liveHeap = [];
  const MB = 1024 * 1024;
  const kindOf = (url) =>
    url.startsWith('/api/dispositivos/infosFiltro')
      ? 'lista'
      : url.startsWith('/api/ocorrencias')
        ? 'contador'
        : url.startsWith('/api/health')
          ? 'referência /api/health'
          : undefined;
  const emit = http.Server.prototype.emit;
  http.Server.prototype.emit = function (event, ...args) {
    const [request, response] = args;
    const kind = event === 'request' ? kindOf(request.url) : undefined;
    if (kind) {
      const start = performance.now();
      let answered = Number.NaN;
      const writeHead = response.writeHead;
      response.writeHead = function (...headArgs) {
        answered = performance.now() - start;
        return writeHead.apply(this, headArgs);
      };
      response.once('finish', () =>
        calls.push([Date.now(), kind, answered, performance.now() - start]),
      );
    }
    return emit.call(this, event, ...args);
  };
  const RESOLUTION_MS = 10;
  const histogram = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
  histogram.enable();
  setInterval(() => {
    // The histogram holds the timer's whole interval: the lag is what passes it.
    const ms = (ns) => Math.max(0, ns / 1e6 - RESOLUTION_MS);
    loopDelay.push([Date.now(), ms(histogram.percentile(50)), ms(histogram.percentile(99))]);
    histogram.reset();
    heap.push([Date.now(), v8.getHeapStatistics().total_heap_size / MB]);
  }, 1000).unref();
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (entry.detail?.kind === constants.NODE_PERFORMANCE_GC_MAJOR) {
        liveHeap.push([Date.now(), v8.getHeapStatistics().used_heap_size / MB]);
      }
    }
  }).observe({ entryTypes: ['gc'] });
  process.once('exit', () =>
    writeFileSync(file, JSON.stringify({ calls, loopDelay, heap, liveHeap })),
  );
}
