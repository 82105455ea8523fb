export interface FirstLoadPlan {
  /** Sources of the login screen (its page module first). */
  login: string[];
  /** Sources of the main shell. */
  shell: string[];
  /** Screens a session usually opens on: `hash` is a RegExp source. */
  screens: { name: string; hash: string; sources: string[] }[];
}

interface ChunkGroup {
  name: string;
  test?: RegExp;
  tags?: '$initial'[];
  priority: number;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const endsWithAny = (sources: string[]) =>
  new RegExp(`(${sources.map((s) => escapeRegExp(s).replace(/\//g, '[\\\\/]')).join('|')})$`);

/**
 * Rolldown chunk groups for the first load. Left alone, Rolldown cuts one
 * chunk per set of importers, so the first screen arrived in 30-40 files of
 * 0.3-25 kB: over HTTP/1.1 (6 connections) each file costs a round trip and
 * each module script a task of its own. Grouped, the first load is a few
 * files: the entry with everything it imports statically; the login screen
 * with its imports; the shell with what it imports beyond those (the shell
 * reuses the login chunk's inputs, buttons and text); one chunk per usual
 * first screen. A group takes its module's static imports along (Rolldown's
 * `includeDependenciesRecursively`), tree-shaken; a later screen that imports
 * one of these modules loads that chunk. Everything else is left to Rolldown.
 */
export function firstLoadGroups(plan: FirstLoadPlan): ChunkGroup[] {
  return [
    { name: 'core', tags: ['$initial'], priority: 100 },
    { name: 'login', test: endsWithAny(plan.login), priority: 90 },
    { name: 'shell', test: endsWithAny(plan.shell), priority: 80 },
    ...plan.screens.map((screen, index) => ({
      name: screen.name,
      test: endsWithAny(screen.sources),
      priority: 70 - index,
    })),
  ];
}
