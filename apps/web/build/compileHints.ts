import type { Plugin } from 'vite';

/** V8's explicit compile hint (Chrome 136+); it counts only as a file's first line. */
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad';

/**
 * Marks every chunk for eager compilation: each is the code of a screen being
 * opened, so V8 compiles its functions on a background thread while the file
 * streams in, instead of on the main thread at each function's first call
 * (bench/web README, "Compile hints"). Runs after Vite has put its preload map
 * on the entry's first line, and shifts the source map by the added line.
 */
export function compileHints(): Plugin {
  return {
    name: 'vigia-compile-hints',
    apply: 'build',
    enforce: 'post',
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        for (const chunk of Object.values(bundle)) {
          if (chunk.type !== 'chunk' || chunk.code.startsWith(COMPILE_HINT)) continue;
          chunk.code = `${COMPILE_HINT}\n${chunk.code}`;
          // Rolldown has already emitted the map as a file of the bundle: `chunk.map`
          // is no longer what gets written.
          const map = bundle[`${chunk.fileName}.map`];
          if (map?.type === 'asset' && typeof map.source === 'string') {
            const parsed = JSON.parse(map.source) as { mappings: string };
            map.source = JSON.stringify({ ...parsed, mappings: `;${parsed.mappings}` });
          }
        }
      },
    },
  };
}
