import type { OutputBundle, OutputChunk } from 'rolldown';
import type { IndexHtmlTransformContext, Plugin } from 'vite';

export interface PreloadPlan {
  /** Sources of the login screen: preloaded without a stored session or on `#/login`. */
  login: string[];
  /** Sources of the main shell: preloaded with a stored session. */
  shell: string[];
  /** Screens preloaded with the shell when the hash matches (a RegExp source). */
  screens: { hash: string; sources: string[] }[];
}

/**
 * Screens are lazy, so their code is found only after the entry ran: one more
 * round trip before the first paint. This plugin writes a tiny inline script
 * into index.html that guesses the first screen (login without a stored
 * session or on `#/login`; otherwise the shell and the screen of the hash) and
 * preloads its chunks and style sheets while the entry downloads. Style
 * sheets are only fetched: Vite's loader applies them later, in the cascade
 * order it would anyway.
 */
export function routePreload(plan: PreloadPlan, sessionKey: string): Plugin {
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
        const filesOf = (sources: string[]) => {
          const files = new Set<string>();
          for (const source of sources) {
            const chunk =
              chunks.find((c) => c.facadeModuleId?.endsWith(source)) ??
              chunks.find((c) => c.moduleIds.some((id) => id.endsWith(source)));
            if (!chunk) throw new Error(`routePreload: ${source} não virou um chunk`);
            collect(chunk, byFile, files);
          }
          return [...files].filter((file) => !initial.has(file)).map((file) => `./${file}`);
        };
        const data = {
          login: filesOf(plan.login),
          shell: filesOf(plan.shell),
          screens: plan.screens.map((screen) => [screen.hash, filesOf(screen.sources)]),
        };
        const script =
          `(function(){var d=${JSON.stringify(data)},h=location.hash,t=null,f;` +
          `try{t=localStorage.getItem(${JSON.stringify(sessionKey)})}catch(e){}` +
          `if(!t||/^#\\/login/.test(h))f=d.login;else{f=d.shell;` +
          `d.screens.forEach(function(s){if(new RegExp(s[0]).test(h))f=f.concat(s[1])})}` +
          `var seen={};f.forEach(function(u){if(seen[u])return;seen[u]=1;` +
          `var l=document.createElement('link');` +
          `if(/\\.css$/.test(u)){l.rel='preload';l.as='style'}else{l.rel='modulepreload';l.crossOrigin=''}` +
          `l.href=u;document.head.appendChild(l)})})()`;
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
