#!/usr/bin/env node
// The README's test command: build, then every test project (domain, contract,
// server on SQLite and PostgreSQL, web, end to end in Chromium) in one Vitest
// run, with typecheck and lint beside it. Prints each phase's wall time and
// the slowest test files, and ends with a plain `tests: N passed, N failed,
// N skipped` line. Arguments go to Vitest (`npm test -- --project 'web*'`).
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { FILE_TIMES } from './fileTimesReporter.mjs';

const phases = [];
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

/**
 * Runs a command. `quiet` keeps its output until it ends (tasks side by side
 * would interleave theirs), and shows it only on failure or with VIGIA_VERBOSE=1.
 */
function run(label, cmd, args, { quiet = false } = {}) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { stdio: quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
    let output = '';
    child.stdout?.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr?.on('data', (chunk) => {
      output += chunk;
    });
    child.on('close', (code) => {
      const ok = code === 0;
      const ms = Date.now() - started;
      if (quiet && (!ok || process.env.VIGIA_VERBOSE === '1')) process.stdout.write(output);
      console.log(`  ${label}: ${ok ? 'ok' : 'FALHOU'} em ${seconds(ms)}`);
      phases.push({ label, ms });
      resolve(ok);
    });
  });
}

async function phase(label, ...tasks) {
  console.log(`\n▶ ${label}`);
  const started = Date.now();
  const results = await Promise.all(tasks.map((task) => task()));
  if (tasks.length > 1) phases.push({ label: `${label} (parede)`, ms: Date.now() - started });
  return results.every(Boolean);
}

function summary() {
  console.log('\n▶ tempo por fase');
  for (const { label, ms } of phases) console.log(`  ${seconds(ms).padStart(9)}  ${label}`);
  let files = [];
  try {
    files = JSON.parse(readFileSync(FILE_TIMES, 'utf8'));
  } catch {
    return;
  }
  const byProject = new Map();
  for (const f of files) {
    const p = byProject.get(f.project) ?? { ms: 0, files: 0 };
    byProject.set(f.project, { ms: p.ms + f.ms, files: p.files + 1 });
  }
  console.log('\n▶ tempo por projeto (soma dos arquivos; projetos e arquivos rodam lado a lado)');
  for (const [project, p] of [...byProject].sort((a, b) => b[1].ms - a[1].ms)) {
    console.log(`  ${seconds(p.ms).padStart(9)}  ${project} (${p.files} arquivos)`);
  }
  console.log('\n▶ os 10 arquivos mais lentos');
  for (const f of files.sort((a, b) => b.ms - a.ms).slice(0, 10)) {
    console.log(`  ${seconds(f.ms).padStart(9)}  ${f.project}  ${f.file} (${f.tests} testes)`);
  }
}

const started = Date.now();
const finish = (line, ok) => {
  summary();
  console.log(`\n  total: ${seconds(Date.now() - started)}`);
  console.log(`\n${line}`);
  process.exit(ok ? 0 : 1);
};

if (!(await phase('build (tsc -b, vite build)', () => run('build', 'npm', ['run', 'build'])))) {
  finish('tests: 0 passed, 1 failed (build)', false);
}
// The build's `tsc -b` checked the sources: typecheck adds the test configurations,
// and lint runs biome and the import directions. Both run beside the tests, niced:
// they take the cores only while the tests wait (on browsers, servers, databases),
// instead of holding the tests back for a minute before they start.
mkdirSync('.vitest', { recursive: true });
rmSync(FILE_TIMES, { force: true });
const [checked, vitestOk] = await Promise.all([
  phase(
    'typecheck e lint (com nice, ao lado dos testes)',
    () =>
      run(
        'typecheck (configurações de teste)',
        'nice',
        ['-n', '15', 'node', 'scripts/typecheck.mjs'],
        {
          quiet: true,
        },
      ),
    () =>
      run('lint (biome, direção dos imports)', 'nice', ['-n', '15', 'npm', 'run', 'lint'], {
        quiet: true,
      }),
  ),
  phase('vitest (todos os projetos)', () =>
    run('vitest', 'npx', [
      'vitest',
      'run',
      '--reporter=default',
      '--reporter=json',
      '--outputFile.json=.vitest/results.json',
      '--reporter=./scripts/fileTimesReporter.mjs',
      ...process.argv.slice(2),
    ]),
  ),
]);

let results = {
  numPassedTests: 0,
  numFailedTests: vitestOk ? 0 : 1,
  numPendingTests: 0,
  numTodoTests: 0,
};
try {
  results = JSON.parse(readFileSync('.vitest/results.json', 'utf8'));
} catch {
  // Vitest died before writing its report: the failure above is the summary.
}
const skipped = results.numPendingTests + results.numTodoTests;
// A failed typecheck or lint counts as one failed test.
const failed = results.numFailedTests + (checked ? 0 : 1);
finish(
  `tests: ${results.numPassedTests} passed, ${failed} failed, ${skipped} skipped${checked ? '' : ' (typecheck ou lint falhou)'}`,
  checked && vitestOk && results.numFailedTests === 0,
);
