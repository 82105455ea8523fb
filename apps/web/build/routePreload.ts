import type { OutputBundle, OutputChunk } from 'rolldown';
import type { IndexHtmlTransformContext, Plugin } from 'vite';

export interface PreloadPlan {
  /** Sources of the login screen: preloaded without a stored session or on `#/login`. */
  login: string[];
  /** Sources of the main shell: preloaded with a stored session. */
  shell: string[];
  /** API GETs every screen of the shell makes first (e.g. the user's info). */
  shellRequests: string[];
  /**
   * Screens preloaded with the shell when the hash matches (a RegExp source),
   * with the API GETs the screen makes first: `$1`… are the hash's groups.
   */
  screens: { hash: string; sources?: string[]; requests?: string[] }[];
}

export interface SessionKeys {
  /** localStorage keys of the access token and its expiry (epoch ms). */
  token: string;
  expiresAt: string;
}

/** Where the inline script leaves the early API answers (lib/earlyRequests reads them). */
export const EARLY_REQUESTS_GLOBAL = '__vigiaEarly';

/**
 * Screens are lazy, so their code is found only after the entry ran: one more
 * round trip before the first paint. This plugin writes a tiny inline script
 * into index.html that guesses the first screen (login without a stored
 * session or on `#/login`; otherwise the shell and the screen of the hash) and
 * preloads its chunks and style sheets while the entry downloads. Style
 * sheets are only fetched: Vite's loader applies them later, in the cascade
 * order it would anyway. With a stored, unexpired token it also starts the
 * screen's first API GETs, whose answers the console's http client takes
 * instead of asking again (lib/earlyRequests): the data arrives while the
 * code downloads instead of after it ran.
 */
export function routePreload(plan: PreloadPlan, session: SessionKeys): Plugin {
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
          requests: plan.shellRequests,
          screens: plan.screens.map((screen) => [
            screen.hash,
            filesOf(screen.sources ?? []),
            screen.requests ?? [],
          ]),
        };
        const key = JSON.stringify;
        const script =
          `(function(){var d=${key(data)},h=location.hash,t=null,x=0,f,q,m;` +
          `try{t=localStorage.getItem(${key(session.token)});x=+localStorage.getItem(${key(session.expiresAt)})}catch(e){}` +
          `if(!t||/^#\\/login/.test(h))f=d.login;else{f=d.shell;q=d.requests.slice();` +
          `d.screens.forEach(function(s){m=new RegExp(s[0]).exec(h);if(m){f=f.concat(s[1]);` +
          `s[2].forEach(function(u){q.push(u.replace(/\\$(\\d)/g,function(_,i){return m[i]}))})}});` +
          // The token is sent only while valid: an expired one is refreshed by the console first.
          `if(x-2000>Date.now()&&window.fetch){var E=window.${EARLY_REQUESTS_GLOBAL}={};q.forEach(function(u){` +
          `E[u]=fetch(u,{headers:{Accept:'application/json',Authorization:'Bearer '+t}}).then(function(r){` +
          `return r.ok?r.text().then(function(b){return{token:t,status:r.status,body:b}}):null},function(){return null})})}}` +
          `var seen={};f.forEach(function(u){if(seen[u])return;seen[u]=1;` +
          `var l=document.createElement('link');` +
          // crossOrigin as Vite's own links have it, or the browser fetches the file twice.
          `l.crossOrigin='';if(/\\.css$/.test(u)){l.rel='preload';l.as='style'}else l.rel='modulepreload';` +
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
