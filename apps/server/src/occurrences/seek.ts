import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { OccurrenceDatabase } from './db.js';
import { type Direction, filterConditions, type OccurrenceFilter, whereClause } from './filter.js';

const HOUR = 3600;
const DAY = 86400;

/**
 * Where a deep page starts: rows with `hora_ativacao` below `below` (newest
 * first) or at or above `atOrAbove` (oldest first), skipping `skip` of them.
 * `skip` is at most the rows of one counter bucket (an hour, or a day).
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

/** The counter tables (migrations 0100 and 0101) that describe a filter, with their conditions. */
interface Counters {
  dayTable: string;
  /** Only system counters have an hour level. */
  hourTable: string | null;
  terms: RawBuilder<unknown>[];
}

const inList = (column: string, values: readonly (number | string)[]) =>
  sql`${sql.ref(column)} in (${sql.join(values)})`;

/**
 * Counters exist per (system), per (device) and per (alarm name, system), each
 * by is_evt, so they describe a filter made of kinds, a period and one of: the
 * systems, a device list, or a text filter that matched only alarm names. The
 * alarm states (pending/active) are not counted: those lists are small.
 */
export function countersFor(filter: OccurrenceFilter): Counters | null {
  if (filter.alarms !== null && filter.alarms !== 'any') return null;
  const kinds = [...(filter.alarms !== null ? [0] : []), ...(filter.events ? [1] : [])];
  const isEvt = inList('is_evt', kinds);
  const { text, deviceIds, systemIds } = filter;
  if (!text && !deviceIds) {
    return {
      dayTable: 'occurrence_day_counts',
      hourTable: 'occurrence_hour_counts',
      terms: [inList('system_id', systemIds), isEvt],
    };
  }
  if (!text && deviceIds) {
    return {
      dayTable: 'occurrence_device_day_counts',
      hourTable: null,
      terms: [inList('device_id', deviceIds), isEvt],
    };
  }
  if (text && !deviceIds && text.deviceIds.length === 0 && text.names.length > 0) {
    return {
      dayTable: 'occurrence_name_day_counts',
      hourTable: null,
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
 * Walk (newest first; oldest first is the mirror image): the partial bucket at
 * the period's newest edge is counted exactly; then hours up to a day boundary
 * (system counters), then whole days; the day holding the offset is narrowed to
 * its hour when there are hour counters. The first bucket holding the offset
 * ends the walk.
 */
export async function seekOffset(
  db: Kysely<OccurrenceDatabase>,
  filter: OccurrenceFilter,
  offset: number,
  direction: Direction,
): Promise<SeekPosition | null> {
  const counters = countersFor(filter);
  if (!counters) return null;
  const desc = direction === 'desc';
  const step = desc ? -1 : 1;
  const fine = counters.hourTable ? HOUR : DAY;
  const perDay = DAY / fine;
  let remaining = offset;
  // Fine bucket about to be examined; null: unbounded (no edge on this side).
  let bucket: number | null = null;

  const position = (b: number | null, skip: number): SeekPosition =>
    desc
      ? { below: b === null ? null : (b + 1) * fine, atOrAbove: null, skip }
      : { below: null, atOrAbove: b === null ? null : b * fine, skip };
  const buckets = (table: string, column: string, first: number | null, last: number | null) =>
    counterBuckets(db, table, column, counters.terms, first, last, desc);

  const startEdge = desc ? filter.to : filter.from;
  const endEdge = desc ? filter.from : filter.to;
  const endBucket = endEdge === null ? null : Math.floor(endEdge / fine);
  const pastEnd = (b: number) => endBucket !== null && (desc ? b < endBucket : b > endBucket);

  if (startEdge !== null) {
    // The bucket holding the start edge is only partly inside the period: count it exactly.
    const edge = Math.floor(startEdge / fine);
    const lo = desc ? Math.max(filter.from ?? 0, edge * fine) : startEdge;
    const hi = desc
      ? startEdge
      : Math.min(filter.to ?? Number.MAX_SAFE_INTEGER, (edge + 1) * fine - 1);
    const inEdge = await exactCount(db, filter, lo, hi);
    if (remaining < inEdge) return { below: null, atOrAbove: null, skip: remaining };
    remaining -= inEdge;
    bucket = edge + step;
    if (pastEnd(bucket)) return position(bucket, remaining);
  }

  const atDayBoundary = (b: number) => (desc ? (b + 1) % perDay === 0 : b % perDay === 0);

  // Hours up to the next day boundary (only with hour counters: otherwise buckets are days).
  if (bucket !== null && counters.hourTable && !atDayBoundary(bucket)) {
    const dayEdge = desc
      ? Math.floor(bucket / perDay) * perDay
      : (Math.floor(bucket / perDay) + 1) * perDay - 1;
    const last =
      endBucket === null
        ? dayEdge
        : desc
          ? Math.max(dayEdge, endBucket)
          : Math.min(dayEdge, endBucket);
    for (const hour of await buckets(counters.hourTable, 'hora', bucket, last)) {
      if (remaining < hour.n) return position(hour.key, remaining);
      remaining -= hour.n;
    }
    bucket = last + step;
    if (pastEnd(bucket)) return position(bucket, remaining);
  }

  // Whole days inside the period.
  const firstDay = bucket === null ? null : Math.floor(bucket / perDay);
  const lastFullDay =
    endEdge === null ? null : desc ? Math.ceil(endEdge / DAY) : Math.floor((endEdge + 1) / DAY) - 1;
  const toDayBucket = (day: number, edge: 'first' | 'last') =>
    (desc ? edge === 'first' : edge === 'last') ? (day + 1) * perDay - 1 : day * perDay;
  if (
    lastFullDay === null ||
    firstDay === null ||
    (desc ? firstDay >= lastFullDay : firstDay <= lastFullDay)
  ) {
    const days = await buckets(counters.dayTable, 'dia', firstDay, lastFullDay);
    for (const day of days) {
      if (remaining < day.n) {
        if (!counters.hourTable) return position(day.key, remaining);
        const first = toDayBucket(day.key, 'first');
        const last = toDayBucket(day.key, 'last');
        for (const hour of await buckets(counters.hourTable, 'hora', first, last)) {
          if (remaining < hour.n) return position(hour.key, remaining);
          remaining -= hour.n;
        }
        // The counters moved under us (a write in between): continue past this day.
        return position(last + step, remaining);
      }
      remaining -= day.n;
    }
    if (lastFullDay === null) {
      // Unbounded and walked past the last day: the page is empty.
      const lastDay = days.at(-1)?.key ?? firstDay ?? 0;
      return position(toDayBucket(lastDay, 'last') + step, remaining);
    }
    bucket = toDayBucket(lastFullDay, 'last') + step;
  }

  // Hours of the day holding the end edge (with day buckets, the final query skips inside it).
  if (bucket !== null && endBucket !== null && counters.hourTable && !pastEnd(bucket)) {
    for (const hour of await buckets(counters.hourTable, 'hora', bucket, endBucket)) {
      if (remaining < hour.n) return position(hour.key, remaining);
      remaining -= hour.n;
    }
    bucket = endBucket + step;
  }
  return position(bucket, remaining);
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
 * Buckets of `table` from `first` towards `last` (inclusive; either open),
 * summed over the filter's keys in SQL, in walking order, empty ones dropped.
 */
async function counterBuckets(
  db: Kysely<OccurrenceDatabase>,
  table: string,
  column: string,
  terms: RawBuilder<unknown>[],
  first: number | null,
  last: number | null,
  desc: boolean,
): Promise<Bucket[]> {
  const upper = desc ? first : last;
  const lower = desc ? last : first;
  const bounds = [
    ...(upper !== null ? [sql`${sql.ref(column)} <= ${upper}`] : []),
    ...(lower !== null ? [sql`${sql.ref(column)} >= ${lower}`] : []),
  ];
  const { rows } = await sql<{ key: number; n: number | string }>`
    select ${sql.ref(column)} as key, sum(n) as n from ${sql.table(table)}
    ${whereClause([...terms, ...bounds])}
    group by ${sql.ref(column)}
    order by ${sql.ref(column)} ${desc ? sql`desc` : sql`asc`}`.execute(db);
  return rows.map((r) => ({ key: Number(r.key), n: Number(r.n) })).filter((b) => b.n > 0);
}
