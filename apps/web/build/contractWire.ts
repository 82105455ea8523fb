import type { Plugin } from 'vite';

const TABLE = '@vigia/contract/api';
const WIRE = '\0vigia-contract-wire';

/**
 * In the production build, `@vigia/contract/api` (the route table) becomes
 * its wire form: each route's method and path, nothing else. The console
 * needs no schema at run time (`lib/api.ts` checks answers only in
 * development and tests), so zod and the schemas stay out of the bundle.
 * The table is read from the contract's build (`tsc -b` runs first).
 *
 * The build fails if zod reaches a chunk anyway: a constant the console
 * imports from a contract module that also builds schemas takes them along
 * (constants the console needs live in the contract's `constants.ts`).
 */
export function contractWire(): Plugin {
  return {
    name: 'vigia-contract-wire',
    apply: 'build',
    enforce: 'pre',
    resolveId(id) {
      return id === TABLE ? WIRE : null;
    },
    async load(id) {
      if (id !== WIRE) return null;
      const { API } = (await import(TABLE)) as {
        API: Record<string, Record<string, { method: string; path: string }>>;
      };
      const wire = Object.fromEntries(
        Object.entries(API).map(([area, routes]) => [
          area,
          Object.fromEntries(
            Object.entries(routes).map(([name, { method, path }]) => [name, { method, path }]),
          ),
        ]),
      );
      return `export const API = ${JSON.stringify(wire)};`;
    },
    generateBundle(_options, bundle) {
      const modules = Object.values(bundle).flatMap((file) =>
        file.type === 'chunk' ? file.moduleIds : [],
      );
      if (!modules.some((id) => /[\\/]node_modules[\\/]zod[\\/]/.test(id))) return;
      const contract = modules.filter((id) => /[\\/]contract[\\/]src[\\/]/.test(id));
      this.error(
        `zod entered the console bundle, through one of ${contract.join(', ')}: import the constant from the contract's constants.ts`,
      );
    },
  };
}
