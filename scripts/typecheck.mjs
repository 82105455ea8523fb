#!/usr/bin/env node
// Type-checks the test configurations (tests, e2e, bench, test-support), two
// `tsc` at a time. The sources themselves are checked by the build's `tsc -b`,
// which must have run first (`npm run typecheck` runs it).
import { spawn } from 'node:child_process';

const CONFIGS = [
  'packages/domain/tsconfig.test.json',
  'packages/contract/tsconfig.test.json',
  'apps/server/tsconfig.test.json',
  'apps/web',
  'e2e',
  'bench',
  'test-support',
];
const LANES = 2;

function tsc(config) {
  return new Promise((resolve) => {
    const child = spawn('npx', ['tsc', '-p', config], { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr.on('data', (chunk) => {
      output += chunk;
    });
    child.on('close', (code) => {
      if (code !== 0) process.stdout.write(`tsc -p ${config}:\n${output}`);
      resolve(code === 0);
    });
  });
}

const queue = [...CONFIGS];
let ok = true;
await Promise.all(
  Array.from({ length: LANES }, async () => {
    for (let config = queue.shift(); config; config = queue.shift()) {
      ok = (await tsc(config)) && ok;
    }
  }),
);
process.exit(ok ? 0 : 1);
