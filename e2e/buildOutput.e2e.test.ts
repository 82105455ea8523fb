import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SourceMapConsumer } from 'source-map-js';
import { describe, expect, it } from 'vitest';
import { COMPILE_HINT } from '../apps/web/build/compileHints.js';
import { ensureBuilt, WEB_DIST } from './support/vigiaServer.js';

describe('the console build', () => {
  ensureBuilt();
  const assets = join(WEB_DIST, 'assets');
  const scripts = readdirSync(assets).filter((file) => file.endsWith('.js'));

  it("opens every script with V8's compile hint, on its first line", () => {
    expect(scripts.length).toBeGreaterThan(10);
    const missing = scripts.filter(
      (file) => readFileSync(join(assets, file), 'utf8').split('\n', 1)[0] !== COMPILE_HINT,
    );
    expect(missing).toEqual([]);
  });

  it("keeps the entry's source map on the right lines past the added one", () => {
    const entry = scripts.find((file) => file.startsWith('index-'));
    if (!entry) throw new Error('build sem index-*.js');
    const code = readFileSync(join(assets, entry), 'utf8');
    const map = new SourceMapConsumer(
      JSON.parse(readFileSync(join(assets, `${entry}.map`), 'utf8')),
    );
    const at = code.indexOf('data-login-page');
    expect(at).toBeGreaterThan(0);
    const lines = code.slice(0, at).split('\n');
    const original = map.originalPositionFor({
      line: lines.length,
      column: (lines.at(-1) ?? '').length,
    });
    expect(original.source).toMatch(/src\/app\/router\/RootLayout\.tsx$/);
    const source = readFileSync(join(WEB_DIST, '..', 'src/app/router/RootLayout.tsx'), 'utf8');
    expect(source.split('\n')[original.line - 1]).toContain('data-login-page');
  });
});
