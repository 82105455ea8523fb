#!/usr/bin/env node
// The README's test command: build, typecheck, lint, then every test project
// (domain, contract, server on SQLite and PostgreSQL, web, end to end in Chromium)
// in one Vitest run. Ends with a plain `N passed, N failed, N skipped` line.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';

const steps = [
  ['build (tsc -b, vite build)', 'npm', ['run', 'build']],
  ['typecheck', 'npm', ['run', 'typecheck']],
  ['lint (biome, import direction)', 'npm', ['run', 'lint']],
];

function run(label, cmd, args) {
  console.log(`\n▶ ${label}`);
  const started = Date.now();
  const result = spawnSync(cmd, args, { stdio: 'inherit' });
  console.log(
    `  ${label}: ${result.status === 0 ? 'ok' : 'FALHOU'} em ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  return result.status ?? 1;
}

for (const [label, cmd, args] of steps) {
  if (run(label, cmd, args) !== 0) {
    console.log(`\ntests: 0 passed, 1 failed (${label})`);
    process.exit(1);
  }
}

mkdirSync('.vitest', { recursive: true });
const vitestArgs = [
  'vitest',
  'run',
  '--reporter=default',
  '--reporter=json',
  '--outputFile.json=.vitest/results.json',
  ...process.argv.slice(2),
];
const status = run('vitest (todos os projetos)', 'npx', vitestArgs);

let summary = {
  numPassedTests: 0,
  numFailedTests: status === 0 ? 0 : 1,
  numPendingTests: 0,
  numTodoTests: 0,
};
try {
  summary = JSON.parse(readFileSync('.vitest/results.json', 'utf8'));
} catch {
  // Vitest died before writing its report: the failure above is the summary.
}
const skipped = summary.numPendingTests + summary.numTodoTests;
console.log(
  `\ntests: ${summary.numPassedTests} passed, ${summary.numFailedTests} failed, ${skipped} skipped`,
);
process.exit(status === 0 && summary.numFailedTests === 0 ? 0 : 1);
