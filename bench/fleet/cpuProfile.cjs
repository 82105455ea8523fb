// Preloaded into the server by `FLEET_CPU_PROFILE=<dir>` (--cpu-prof is refused in
// NODE_OPTIONS): profiles the whole process, written as <dir>/server-<pid>.cpuprofile on exit.
const { Session } = require('node:inspector');
const { mkdirSync, writeFileSync } = require('node:fs');
const { join } = require('node:path');

const dir = process.env.FLEET_CPU_PROFILE;
if (dir) {
  const session = new Session();
  session.connect();
  session.post('Profiler.enable');
  session.post('Profiler.setSamplingInterval', { interval: 1000 });
  session.post('Profiler.start');
  process.once('exit', () => {
    // An in-process session answers synchronously, so this runs before the exit.
    session.post('Profiler.stop', (error, result) => {
      if (error) return;
      mkdirSync(dir, { recursive: true });
      writeFileSync(join(dir, `server-${process.pid}.cpuprofile`), JSON.stringify(result.profile));
    });
  });
}
