export interface FirstLoadPlan {
  /** Sources of the login screen (its page module first). */
  login: string[];
  /** Sources of the main shell. */
  shell: string[];
  /** Screens a session usually opens on: `hash` is a RegExp source; a screen without sources gets no group. */
  screens: { name: string; hash: string; sources?: string[] }[];
}

interface ChunkGroup {
  name: string;
  test?: RegExp;
  minShareCount?: number;
  tags?: '$initial'[];
  priority: number;
}

/**
 * A module imported by this many lazy chunks or more (dialogs, inputs, the list
 * table, the query hooks every list uses) goes into one `shared` chunk instead
 * of the one Rolldown would cut per set of importers. A screen then arrives in
 * 10-15 files instead of 20-40 (the site page: 39 → 15; bench/web/README.md),
 * and every screen after the first loads only its own code. At 6 the shared
 * chunk is 59 kB gzip; at 4 it takes rarely used code (95 kB), at 12 the file
 * count comes back up.
 */
const SHARED_BY_SCREENS = 6;

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
 * first screen; then the code many screens share. A group takes its module's
 * static imports along (Rolldown's `includeDependenciesRecursively`),
 * tree-shaken; a later screen that imports one of these modules loads that
 * chunk. Everything else is left to Rolldown.
 */
export function firstLoadGroups(plan: FirstLoadPlan): ChunkGroup[] {
  return [
    { name: 'core', tags: ['$initial'], priority: 100 },
    // Floating parts and scroll areas (@floating-ui, Mantine's ScrollArea): a chunk of
    // their own, or the first group that imports them takes them and every screen
    // with a table or a tooltip loads that group (the systems home did, 76 kB).
    { name: 'floating', test: /[\\/](@floating-ui|ScrollArea)[\\/]/, priority: 95 },
    { name: 'login', test: endsWithAny(plan.login), priority: 90 },
    { name: 'shell', test: endsWithAny(plan.shell), priority: 80 },
    ...plan.screens.flatMap(({ name, sources }, index) =>
      sources?.length ? [{ name, test: endsWithAny(sources), priority: 70 - index }] : [],
    ),
    { name: 'shared', minShareCount: SHARED_BY_SCREENS, priority: 10 },
  ];
}
