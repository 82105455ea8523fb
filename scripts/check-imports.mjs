#!/usr/bin/env node
// The import direction of the layout (docs/architecture.md), checked on every
// source and test file:
// - packages/domain imports nothing but itself; packages/contract only the domain and zod;
// - the console never imports server code;
// - a feature of the console never imports another feature nor app/;
//   ui/ and lib/ import no feature and not app/. A feature's page tests may
//   render it inside app/'s providers and routes (as the app mounts it).
// - the server's route files hold no query: handlers compose store/'s repositories.
// Cycles are Biome's (`noImportCycles` in biome.json).
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';

const ROOT = resolve(dirname(new URL(import.meta.url).pathname), '..');
const WEB = join(ROOT, 'apps/web/src');
const SOURCE = /\.(ts|tsx|mts)$/;
const IMPORT =
  /(?:^|\n)\s*(?:import|export)[^'"`;]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

function* files(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* files(path);
    else if (SOURCE.test(entry.name)) yield path;
  }
}

function specifiers(file) {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(IMPORT)].map((m) => m[1] ?? m[2]);
}

const isTest = (file) => /\.test\.tsx?$|[/\\]test[/\\]/.test(file);

const webArea = (path) => {
  const [top, feature] = relative(WEB, path).split(sep);
  return top === 'features' ? `features/${feature}` : top;
};

const RULES = [
  {
    dir: 'packages/domain/src',
    check: (spec, file) =>
      spec.startsWith('.') || (isTest(file) && spec === 'vitest')
        ? null
        : 'o domínio não importa nada de fora',
  },
  {
    dir: 'packages/contract/src',
    check: (spec, file) =>
      spec.startsWith('.') ||
      spec === 'zod' ||
      spec === '@vigia/domain' ||
      (isTest(file) && spec === 'vitest')
        ? null
        : 'o contrato só importa o domínio e o zod',
  },
  {
    dir: 'apps/web/src',
    check: (spec, file) => {
      if (/apps\/server|@vigia\/server/.test(spec)) return 'o console não importa o servidor';
      if (!spec.startsWith('.')) return null;
      const from = webArea(file);
      const to = webArea(resolve(dirname(file), spec));
      if (from === to || to.startsWith('..')) return null;
      if (from.startsWith('features/') && to === 'app' && isTest(file)) return null;
      if (from.startsWith('features/') && (to === 'app' || to.startsWith('features/'))) {
        return `${from} importa ${to}: funcionalidades só se combinam em app/`;
      }
      if ((from === 'ui' || from === 'lib') && (to === 'app' || to.startsWith('features/'))) {
        return `${from} importa ${to}`;
      }
      return null;
    },
  },
];

const problems = [];
for (const rule of RULES) {
  for (const file of files(join(ROOT, rule.dir))) {
    for (const spec of specifiers(file)) {
      const problem = rule.check(spec, file);
      if (problem) problems.push(`${relative(ROOT, file)}: '${spec}': ${problem}`);
    }
  }
}
const QUERY =
  /\b(?:selectFrom|insertInto|updateTable|deleteFrom|replaceInto|mergeInto)\s*\(|\bsql\s*`/;
for (const file of files(join(ROOT, 'apps/server/src/routes'))) {
  if (isTest(file)) continue;
  if (QUERY.test(readFileSync(file, 'utf8')) || specifiers(file).includes('kysely')) {
    problems.push(
      `${relative(ROOT, file)}: consulta num arquivo de rotas: as consultas ficam em store/`,
    );
  }
}

for (const problem of problems) console.error(problem);
console.log(`imports: ${problems.length === 0 ? 'ok' : `${problems.length} fora da direção`}`);
process.exit(problems.length === 0 ? 0 : 1);
