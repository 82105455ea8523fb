import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { Store } from '../database.js';
import { type OccurrenceDatabase, occurrenceDb } from './db.js';
import { type Direction, filterConditions, type OccurrenceFilter, whereClause } from './filter.js';
import { seekInOneStatement } from './seekStatement.js';

const HOUR = 3600;
const DAY = 86400;
/** Must match BLOCK_SECONDS of migration 0102. */
const BLOCK = 32 * DAY;
/** Must match NAME_WEEK_SECONDS of migration 0104. */
const NAME_WEEK = 8 * DAY;

/**
 * Where a deep page starts: rows with `hora_ativacao` below `below` (newest
 * first) or at or above `atOrAbove` (oldest first), skipping `skip` of them.
 * `skip` is at most the rows of one bucket of the finest counter level.
 */
export interface SeekPosition {
  below: number | null;
  atOrAbove: number | null;
  skip: number;
}

interface Bucket {
  key: number;
  n: number;
}

/** A counter table: rows per bucket of `width` seconds (`column` = hora_ativacao / width). */
export interface Level {
  table: string;
  column: string;
  width: number;
}

/** The counter levels (coarse to fine, each width a multiple of the next) describing a filter. */
export interface Counters {
  levels: Level[];
  terms: RawBuilder<unknown>[];
}

/**
 * Keys inlined as literals (escaped by Kysely): they repeat in every step of the seek
 * statement, and SQLite rebuilds a bound IN list at each use on every execution (the
 * 31-day walk ran 3× slower with them bound; PostgreSQL plans better with them too:
 * text deep page 1.25× the first, 1.47× bound). They stay stable per scope, so the
 * prepared statement is still reused; `runPrepared` bounds how many are kept.
 */
const inList = (column: string, values: readonly (number | string)[]) =>
  sql`${sql.ref(column)} in (${sql.join(values.map((value) => sql.lit(value)))})`;

/**
 * Counters exist per (system), per (device) and per (alarm name, system), each
 * by is_evt (migrations 0100–0102), so they describe a filter made of kinds, a
 * period and one of: the systems, a device list, or a text filter that matched
 * only alarm names. Alarm states (pending/active) are not counted: those lists
 * are small.
 */
export function countersFor(filter: OccurrenceFilter): Counters | null {
  if (filter.alarms !== null && filter.alarms !== 'any') return null;
  const kinds = [...(filter.alarms !== null ? [0] : []), ...(filter.events ? [1] : [])];
  const isEvt = inList('is_evt', kinds);
  const { text, deviceIds, systemIds } = filter;
  if (!text && !deviceIds) {
    return {
      levels: [
        { table: 'occurrence_block_counts', column: 'bloco', width: BLOCK },
        { table: 'occurrence_day_counts', column: 'dia', width: DAY },
        { table: 'occurrence_hour_counts', column: 'hora', width: HOUR },
      ],
      terms: [inList('system_id', systemIds), isEvt],
    };
  }
  if (!text && deviceIds) {
    return {
      levels: [
        { table: 'occurrence_device_block_counts', column: 'bloco', width: BLOCK },
        { table: 'occurrence_device_day_counts', column: 'dia', width: DAY },
      ],
      terms: [inList('device_id', deviceIds), isEvt],
    };
  }
  if (text && !deviceIds && text.deviceIds.length === 0 && text.names.length > 0) {
    return {
      levels: [
        { table: 'occurrence_name_block_counts', column: 'bloco', width: BLOCK },
        { table: 'occurrence_name_week_counts', column: 'semana', width: NAME_WEEK },
        { table: 'occurrence_name_day_counts', column: 'dia', width: DAY },
      ],
      terms: [inList('nome_alarme', text.names), inList('system_id', systemIds), isEvt],
    };
  }
  return null;
}

/**
 * Turns `offset` into a position near the row it names, from the row counters,
 * so a page at offset 900 000 costs about what the first page costs. Null when
 * no counters describe the filter (`countersFor`).
 *
 * Walk (newest first; oldest first is the mirror image): the finest bucket
 * holding the period's start edge is counted exactly; then, level by level
 * from fine to coarse, buckets up to the next boundary of the coarser level;
 * then coarse buckets. The bucket holding the offset is narrowed level by
 * level down to the finest. Buckets holding the period's end edge take part
 * whole (the page query filters the period), which can only make the walk
 * stop early, never skip a row.
 */
export async function seekOffset(
  store: Store,
  filter: OccurrenceFilter,
  offset: number,
  direction: Direction,
): Promise<SeekPosition | null> {
  const counters = countersFor(filter);
  if (!counters) return null;
  const position = await seekInOneStatement(store, filter, counters, offset, direction);
  if (position) return position;
  const db = occurrenceDb(store);
  const { levels, terms } = counters;
  const desc = direction === 'desc';
  const finest = levels.length - 1;
  const fine = (levels[finest] as Level).width;
  const startEdge = desc ? filter.to : filter.from;
  const endEdge = desc ? filter.from : filter.to;
  let remaining = offset;

  /** A position at a time boundary (`null`: unbounded). */
  const at = (boundary: number | null, skip: number): SeekPosition =>
    desc ? { below: boundary, atOrAbove: null, skip } : { below: null, atOrAbove: boundary, skip };
  /** The boundary a walk reaches once past bucket `b` of width `w`. */
  const past = (b: number, w: number) => (desc ? b * w : (b + 1) * w);
  /** The bucket of width `w` holding the end edge (the walk stops there), or null. */
  const endBucket = (w: number) => (endEdge === null ? null : Math.floor(endEdge / w));
  const beyondEnd = (boundary: number) =>
    endEdge !== null && (desc ? boundary <= endEdge : boundary > endEdge);
  const clampToEnd = (index: number, w: number) => {
    const end = endBucket(w);
    if (end === null) return index;
    return desc ? Math.max(index, end) : Math.min(index, end);
  };
  const walk = (level: Level, first: number | null, last: number | null) =>
    counterBuckets(db, level, terms, first, last, desc);

  /** Narrows bucket `b` of level `i` down to the finest level. */
  const descend = async (i: number, b: number): Promise<SeekPosition> => {
    let parent = b;
    for (let j = i + 1; j <= finest; j++) {
      const parentWidth = (levels[j - 1] as Level).width;
      const level = levels[j] as Level;
      const ratio = parentWidth / level.width;
      const first = desc ? (parent + 1) * ratio - 1 : parent * ratio;
      const last = clampToEnd(desc ? parent * ratio : (parent + 1) * ratio - 1, level.width);
      let found: number | null = null;
      for (const child of await walk(level, first, last)) {
        if (remaining < child.n) {
          found = child.key;
          break;
        }
        remaining -= child.n;
      }
      // The counters moved under us (a write in between): continue past the parent.
      if (found === null) return at(past(parent, parentWidth), remaining);
      parent = found;
    }
    return at(desc ? (parent + 1) * fine : parent * fine, remaining);
  };

  // The walk's ranges depend only on the period's edges, not on the counts: plan them all,
  // fetch them at once (one round trip on PostgreSQL), then walk them in order.
  type Step =
    | { kind: 'edge'; rows: Promise<number>; boundary: number }
    | { kind: 'level'; level: number; buckets: Promise<Bucket[]>; boundary: number }
    | { kind: 'coarse'; buckets: Promise<Bucket[]>; boundary: number | null; last: number | null };
  const steps: Step[] = [];
  let boundary: number | null = null;
  let ended = false;
  if (startEdge !== null) {
    // The finest bucket holding the start edge is only partly inside the period: count it exactly.
    const edge = Math.floor(startEdge / fine);
    const lo = desc ? Math.max(filter.from ?? 0, edge * fine) : startEdge;
    const hi = desc
      ? startEdge
      : Math.min(filter.to ?? Number.MAX_SAFE_INTEGER, (edge + 1) * fine - 1);
    boundary = past(edge, fine);
    steps.push({ kind: 'edge', rows: exactCount(db, filter, lo, hi), boundary });
    ended = beyondEnd(boundary);
  }
  // Up: at each level, the buckets between the boundary and the coarser level's next boundary.
  for (let i = finest; i >= 1 && boundary !== null && !ended; i--) {
    const level = levels[i] as Level;
    const parentWidth = (levels[i - 1] as Level).width;
    if (boundary % parentWidth === 0) continue;
    const first = desc ? boundary / level.width - 1 : boundary / level.width;
    const aligned = desc
      ? Math.floor(boundary / parentWidth) * parentWidth
      : Math.ceil(boundary / parentWidth) * parentWidth;
    const last = clampToEnd(desc ? aligned / level.width : aligned / level.width - 1, level.width);
    boundary = past(last, level.width);
    steps.push({ kind: 'level', level: i, buckets: walk(level, first, last), boundary });
    ended = beyondEnd(boundary);
  }
  // Coarse buckets up to the one holding the end edge.
  const coarse = levels[0] as Level;
  if (!ended) {
    const first =
      boundary === null ? null : desc ? boundary / coarse.width - 1 : boundary / coarse.width;
    const last = endBucket(coarse.width);
    steps.push({ kind: 'coarse', buckets: walk(coarse, first, last), boundary, last });
  }
  // Settle every fetch before walking, so none is left running (or failing) unobserved.
  await Promise.all(steps.map((step) => (step.kind === 'edge' ? step.rows : step.buckets)));

  for (const step of steps) {
    if (step.kind === 'edge') {
      const inEdge = await step.rows;
      if (remaining < inEdge) return at(null, remaining);
      remaining -= inEdge;
      if (beyondEnd(step.boundary)) return at(step.boundary, remaining);
      continue;
    }
    const buckets = await step.buckets;
    for (const bucket of buckets) {
      if (remaining < bucket.n) return descend(step.kind === 'level' ? step.level : 0, bucket.key);
      remaining -= bucket.n;
    }
    if (step.kind === 'level') {
      if (beyondEnd(step.boundary)) return at(step.boundary, remaining);
      continue;
    }
    // Past the last row: the page is empty.
    const lastKey = step.last ?? buckets.at(-1)?.key ?? null;
    return at(lastKey === null ? step.boundary : past(lastKey, coarse.width), remaining);
  }
  return at(boundary, remaining);
}

async function exactCount(
  db: Kysely<OccurrenceDatabase>,
  filter: OccurrenceFilter,
  lo: number,
  hi: number,
): Promise<number> {
  if (hi < lo) return 0;
  const terms = filterConditions(filter, { atOrAbove: lo, below: hi + 1 });
  const { rows } = await sql<{ n: number | string }>`
    select count(*) as n from occurrences ${whereClause(terms)}`.execute(db);
  return Number(rows[0]?.n ?? 0);
}

/**
 * Buckets of a level from `first` towards `last` (inclusive; either open),
 * summed over the filter's keys in SQL, in walking order, empty ones dropped.
 */
async function counterBuckets(
  db: Kysely<OccurrenceDatabase>,
  level: Level,
  terms: RawBuilder<unknown>[],
  first: number | null,
  last: number | null,
  desc: boolean,
): Promise<Bucket[]> {
  const upper = desc ? first : last;
  const lower = desc ? last : first;
  const column = sql.ref(level.column);
  const bounds = [
    ...(upper !== null ? [sql`${column} <= ${upper}`] : []),
    ...(lower !== null ? [sql`${column} >= ${lower}`] : []),
  ];
  const { rows } = await sql<{ key: number; n: number | string }>`
    select ${column} as key, sum(n) as n from ${sql.table(level.table)}
    ${whereClause([...terms, ...bounds])}
    group by ${column}
    order by ${column} ${desc ? sql`desc` : sql`asc`}`.execute(db);
  return rows.map((r) => ({ key: Number(r.key), n: Number(r.n) })).filter((b) => b.n > 0);
}
