import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

/** Budget of the issue: initial JS + CSS of the login route, gzipped. */
export const LOGIN_BUDGET_BYTES = 250_000;
export const LOGIN_PAGE_SOURCE = 'src/features/auth/pages/LoginPage.tsx';
const LOGIN_CHUNK_GROUP = 'login';
const SHELL_CHUNK_GROUP = 'shell';

interface ManifestChunk {
  file: string;
  src?: string;
  name?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

export interface AssetSize {
  file: string;
  bytes: number;
  gzip: number;
}

export interface BundleReport {
  /** What index.html loads before any route: entry script, module preloads, style sheets. */
  document: AssetSize[];
  /** Added by the login route's lazy chunk and its static imports. */
  loginRoute: AssetSize[];
  totalGzip: number;
  /** Per lazily loaded screen (route group): bytes added on its first visit (after the shell's). */
  lazy: { name: string; gzip: number }[];
}

function sizeOf(dist: string, file: string): AssetSize {
  const content = readFileSync(join(dist, file));
  return { file, bytes: content.length, gzip: gzipSync(content).length };
}

/** Files of `index.html`: `<script type="module" src>`, `<link rel="modulepreload|stylesheet" href>`. */
export function documentAssets(html: string): string[] {
  const files: string[] = [];
  for (const [tag] of html.matchAll(/<(?:script|link)\b[^>]*>/g)) {
    const attr = (name: string) => new RegExp(`\\b${name}="([^"]*)"`).exec(tag)?.[1];
    const isModule = tag.startsWith('<script') && attr('type') === 'module';
    const rel = attr('rel');
    const url = isModule
      ? attr('src')
      : rel === 'modulepreload' || rel === 'stylesheet'
        ? attr('href')
        : undefined;
    if (url && !/^[a-z]+:/i.test(url)) files.push(url.replace(/^\.?\//, ''));
  }
  return files;
}

/** A chunk's own file, its CSS and everything it imports statically, recursively. */
function closure(manifest: Manifest, key: string, seen = new Set<string>()): Set<string> {
  const chunk = manifest[key];
  if (!chunk || seen.has(key)) return new Set();
  seen.add(key);
  const files = new Set([chunk.file, ...(chunk.css ?? [])]);
  for (const imported of chunk.imports ?? []) {
    for (const file of closure(manifest, imported, seen)) files.add(file);
  }
  return files;
}

export function measureBundle(dist: string): BundleReport {
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8')) as Manifest;
  const initial = new Set(documentAssets(html));
  const document = [...initial].map((file) => sizeOf(dist, file));

  // The login page is a chunk of its own, or in the `login` chunk group of vite.config.ts.
  const loginKey =
    Object.keys(manifest).find((key) => manifest[key]?.src === LOGIN_PAGE_SOURCE) ??
    Object.keys(manifest).find((key) => manifest[key]?.name === LOGIN_CHUNK_GROUP);
  if (!loginKey) throw new Error(`${LOGIN_PAGE_SOURCE} não está no manifest do build`);
  const loginRoute = [...closure(manifest, loginKey)]
    .filter((file) => !initial.has(file))
    .map((file) => sizeOf(dist, file));

  // Every screen but login opens inside the shell: its files are counted once, as the shell's.
  const shellKey = Object.keys(manifest).find((key) => manifest[key]?.name === SHELL_CHUNK_GROUP);
  const shell = shellKey ? closure(manifest, shellKey) : new Set<string>();
  const lazy = Object.entries(manifest)
    .filter(([key, chunk]) => chunk.isDynamicEntry || key === shellKey)
    .map(([key, chunk]) => ({
      name: chunk.src ?? chunk.name ?? key,
      gzip: [...closure(manifest, key)]
        .filter((file) => !initial.has(file) && (key === shellKey || !shell.has(file)))
        .reduce((sum, file) => sum + sizeOf(dist, file).gzip, 0),
    }))
    .sort((a, b) => b.gzip - a.gzip);

  const totalGzip = [...document, ...loginRoute].reduce((sum, asset) => sum + asset.gzip, 0);
  return { document, loginRoute, totalGzip, lazy };
}
