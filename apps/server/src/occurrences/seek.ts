import { type Kysely, sql } from 'kysely';
import type { OccurrenceDatabase } from './db.js';
import { type Direction, filterConditions, type OccurrenceFilter, whereClause } from './filter.js';

const HOUR = 3600;
const DAY = 86400;
const HOURS_PER_DAY = 24;

/**
 * Where a deep page starts: rows with `hora_ativacao` below `below` (newest
 * first) or at or above `atOrAbove` (oldest first), skipping `skip` of them.
 * `skip` is at most the rows of one hour.
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

/**
 * Turns `offset` into a position near the row it names, from the per-day and
 * per-hour counters (migration 0100), so a page at offset 900 000 costs about
 * what the first page costs. Only for filters the counters describe
 * (`countersApply`): systems, event/alarm kinds and period.
 *
 * Walk (newest first; oldest first is the mirror image): the partial hour at
 * the period's newest edge is counted exactly; then hours up to a day
 * boundary, then whole days, then the hours of the day holding the other edge.
 * The first bucket holding the offset ends the walk.
 */
export async function seekOffset(
  db: Kysely<OccurrenceDatabase>,
  filter: OccurrenceFilter,
  offset: number,
  direction: Direction,
): Promise<SeekPosition> {
  const desc = direction === 'desc';
  const step = desc ? -1 : 1;
  const kinds = [...(filter.alarms !== null ? [0] : []), ...(filter.events ? [1] : [])];
  let remaining = offset;
  // Hour about to be examined; null: unbounded (no edge on this side).
  let hour: number | null = null;

  const position = (h: number | null, skip: number): SeekPosition =>
    desc
      ? { below: h === null ? null : (h + 1) * HOUR, atOrAbove: null, skip }
      : { below: null, atOrAbove: h === null ? null : h * HOUR, skip };

  const startEdge = desc ? filter.to : filter.from;
  const endEdge = desc ? filter.from : filter.to;
  const endHour = endEdge === null ? null : Math.floor(endEdge / HOUR);
  const pastEnd = (h: number) => endHour !== null && (desc ? h < endHour : h > endHour);

  if (startEdge !== null) {
    // The hour holding the start edge is only partly inside the period: count it exactly.
    const edgeHour = Math.floor(startEdge / HOUR);
    const lo = desc ? Math.max(filter.from ?? 0, edgeHour * HOUR) : startEdge;
    const hi = desc
      ? startEdge
      : Math.min(filter.to ?? Number.MAX_SAFE_INTEGER, (edgeHour + 1) * HOUR - 1);
    const inEdge = await exactCount(db, filter, lo, hi);
    if (remaining < inEdge) return { below: null, atOrAbove: null, skip: remaining };
    remaining -= inEdge;
    hour = edgeHour + step;
    if (pastEnd(hour)) return position(hour, remaining);
  }

  const atDayBoundary = (h: number) =>
    desc ? (h + 1) % HOURS_PER_DAY === 0 : h % HOURS_PER_DAY === 0;

  // Hours up to the next day boundary.
  if (hour !== null && !atDayBoundary(hour)) {
    const dayEdge = desc
      ? Math.floor(hour / HOURS_PER_DAY) * HOURS_PER_DAY
      : (Math.floor(hour / HOURS_PER_DAY) + 1) * HOURS_PER_DAY - 1;
    const last =
      endHour === null ? dayEdge : desc ? Math.max(dayEdge, endHour) : Math.min(dayEdge, endHour);
    for (const bucket of await hourBuckets(db, filter, kinds, hour, last, desc)) {
      if (remaining < bucket.n) return position(bucket.key, remaining);
      remaining -= bucket.n;
    }
    hour = last + step;
    if (pastEnd(hour)) return position(hour, remaining);
  }

  // Whole days inside the period.
  const firstDay = hour === null ? null : Math.floor(hour / HOURS_PER_DAY);
  const lastFullDay =
    endEdge === null ? null : desc ? Math.ceil(endEdge / DAY) : Math.floor((endEdge + 1) / DAY) - 1;
  if (
    lastFullDay === null ||
    firstDay === null ||
    (desc ? firstDay >= lastFullDay : firstDay <= lastFullDay)
  ) {
    const days = await dayBuckets(db, filter, kinds, firstDay, lastFullDay, desc);
    for (const day of days) {
      if (remaining < day.n) {
        const first = desc ? (day.key + 1) * HOURS_PER_DAY - 1 : day.key * HOURS_PER_DAY;
        const last = desc ? day.key * HOURS_PER_DAY : (day.key + 1) * HOURS_PER_DAY - 1;
        for (const bucket of await hourBuckets(db, filter, kinds, first, last, desc)) {
          if (remaining < bucket.n) return position(bucket.key, remaining);
          remaining -= bucket.n;
        }
        // Counters disagree with themselves (a write in between): continue below this day.
        return position(last + step, remaining);
      }
      remaining -= day.n;
    }
    if (lastFullDay === null) {
      // Unbounded and walked past the oldest (newest) day: the page is empty.
      const lastKey = days.at(-1)?.key ?? firstDay ?? 0;
      return position(
        desc ? lastKey * HOURS_PER_DAY - 1 : (lastKey + 1) * HOURS_PER_DAY,
        remaining,
      );
    }
    hour = desc ? lastFullDay * HOURS_PER_DAY - 1 : (lastFullDay + 1) * HOURS_PER_DAY;
  }

  // Hours of the day holding the end edge.
  if (hour !== null && endHour !== null && !pastEnd(hour)) {
    for (const bucket of await hourBuckets(db, filter, kinds, hour, endHour, desc)) {
      if (remaining < bucket.n) return position(bucket.key, remaining);
      remaining -= bucket.n;
    }
    hour = endHour + step;
  }
  return position(hour, remaining);
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

/** Hour buckets from `first` to `last` (inclusive, either order), in walking order. */
async function hourBuckets(
  db: Kysely<OccurrenceDatabase>,
  filter: OccurrenceFilter,
  kinds: number[],
  first: number,
  last: number,
  desc: boolean,
): Promise<Bucket[]> {
  const rows = await db
    .selectFrom('occurrence_hour_counts')
    .select(['hora as key', 'n'])
    .where('system_id', 'in', filter.systemIds)
    .where('is_evt', 'in', kinds)
    .where('hora', '>=', Math.min(first, last))
    .where('hora', '<=', Math.max(first, last))
    .execute();
  return mergeBuckets(rows, desc);
}

/** Day buckets from `first` towards `last` (either may be open), in walking order. */
async function dayBuckets(
  db: Kysely<OccurrenceDatabase>,
  filter: OccurrenceFilter,
  kinds: number[],
  first: number | null,
  last: number | null,
  desc: boolean,
): Promise<Bucket[]> {
  let query = db
    .selectFrom('occurrence_day_counts')
    .select(['dia as key', 'n'])
    .where('system_id', 'in', filter.systemIds)
    .where('is_evt', 'in', kinds);
  const upper = desc ? first : last;
  const lower = desc ? last : first;
  if (upper !== null) query = query.where('dia', '<=', upper);
  if (lower !== null) query = query.where('dia', '>=', lower);
  return mergeBuckets(await query.execute(), desc);
}

/** Sums the per-system/kind rows of each bucket, sorted in walking order, empty buckets dropped. */
function mergeBuckets(rows: { key: number; n: number }[], desc: boolean): Bucket[] {
  const sums = new Map<number, number>();
  for (const row of rows)
    sums.set(Number(row.key), (sums.get(Number(row.key)) ?? 0) + Number(row.n));
  return [...sums]
    .filter(([, n]) => n > 0)
    .map(([key, n]) => ({ key, n }))
    .sort((a, b) => (desc ? b.key - a.key : a.key - b.key));
}
