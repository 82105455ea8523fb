// A Vitest reporter that writes each test file's time (import, setup and all its
// tests and hooks) with its project to .vitest/file-times.json, for the summary
// `scripts/run-tests.mjs` prints at the end of a run.
import { mkdirSync, writeFileSync } from 'node:fs';
import { relative } from 'node:path';

export const FILE_TIMES = '.vitest/file-times.json';

export default class FileTimesReporter {
  onTestRunEnd(testModules) {
    const rows = testModules.map((module) => {
      const d = module.diagnostic();
      return {
        project: module.project.name,
        file: relative(process.cwd(), module.moduleId),
        ms: Math.round(
          d.environmentSetupDuration +
            d.prepareDuration +
            d.setupDuration +
            d.collectDuration +
            d.duration,
        ),
        tests: [...module.children.allTests()].length,
      };
    });
    mkdirSync('.vitest', { recursive: true });
    writeFileSync(FILE_TIMES, JSON.stringify(rows, null, 1));
  }
}
