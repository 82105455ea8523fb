import type { OutputBundle, OutputChunk } from 'rolldown';
import type { IndexHtmlTransformContext, Plugin } from 'vite';

/**
 * Screens are lazy, so their code is found only after the entry ran: one more
 * round trip before the first paint. This plugin writes a tiny inline script
 * into index.html that guesses the first screen (login without a stored
 * session or on `#/login`, the main shell otherwise) and preloads its chunks
 * and style sheets while the entry downloads. Style sheets are only fetched:
 * Vite's loader applies them later, in the cascade order it would anyway.
 */
export function routePreload(screens: Record<string, string[]>, sessionKey: string): Plugin {
  return {
    name: 'vigia-route-preload',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html: string, ctx: IndexHtmlTransformContext) {
        if (!ctx.bundle) return html;
        const chunks = Object.values(ctx.bundle as OutputBundle).filter(
          (item): item is OutputChunk => item.type === 'chunk',
        );
        const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
        const initial = new Set<string>();
        for (const entry of chunks.filter((chunk) => chunk.isEntry)) {
          collect(entry, byFile, initial);
        }
        const plan: Record<string, string[]> = {};
        for (const [screen, sources] of Object.entries(screens)) {
          const files = new Set<string>();
          for (const source of sources) {
            const chunk = chunks.find((c) => c.facadeModuleId?.endsWith(source));
            if (!chunk) throw new Error(`routePreload: ${source} não virou um chunk`);
            collect(chunk, byFile, files);
          }
          plan[screen] = [...files].filter((file) => !initial.has(file)).map((file) => `./${file}`);
        }
        const script =
          `(function(){var p=${JSON.stringify(plan)},t=null;` +
          `try{t=localStorage.getItem(${JSON.stringify(sessionKey)})}catch(e){}` +
          `var k=!t||/^#\\/login/.test(location.hash)?'login':'main';` +
          `(p[k]||[]).forEach(function(f){var l=document.createElement('link');` +
          `if(/\\.css$/.test(f)){l.rel='preload';l.as='style'}else{l.rel='modulepreload';l.crossOrigin=''}` +
          `l.href=f;document.head.appendChild(l)})})()`;
        return html.replace('</title>', `</title>\n    <script>${script}</script>`);
      },
    },
  };
}

/** A chunk, its static imports (recursively) and the CSS Vite attached to them. */
function collect(chunk: OutputChunk, byFile: Map<string, OutputChunk>, into: Set<string>): void {
  if (into.has(chunk.fileName)) return;
  into.add(chunk.fileName);
  const css = (chunk as OutputChunk & { viteMetadata?: { importedCss: Set<string> } }).viteMetadata
    ?.importedCss;
  for (const file of css ?? []) into.add(file);
  for (const imported of chunk.imports) {
    const next = byFile.get(imported);
    if (next) collect(next, byFile, into);
  }
}
