import { type RawBuilder, sql } from 'kysely';
import type { Store } from '../database.js';
import { occurrenceDb } from './db.js';
import { type Direction, filterConditions, type OccurrenceFilter, whereClause } from './filter.js';
import { runPrepared } from './prepared.js';
import type { Counters, SeekPosition } from './seek.js';

/**
 * The counter walk of `seekOffset` as one statement (one round trip, one plan):
 * the running sums of each level, newest first (oldest first for `asc`), pick
 * the bucket holding the offset, then the children of that bucket at the next
 * level, down to the finest. A period's start edge is handled by walking from
 * the unbounded end and adding the rows before the edge to the offset (their
 * count is a handful of counter sums plus an exact count inside one finest
 * bucket). Null when the offset is past the last counted row: the caller's
 * stepwise walk answers that case.
 */
export async function seekInOneStatement(
  store: Store,
  filter: OccurrenceFilter,
  counters: Counters,
  offset: number,
  direction: Direction,
): Promise<SeekPosition | null> {
  const { levels, terms } = counters;
  const desc = direction === 'desc';
  const finest = levels.length - 1;
  const fine = levels[finest]?.width ?? 1;
  const startEdge = desc ? filter.to : filter.from;
  const endEdge = desc ? filter.from : filter.to;
  const order = desc ? sql`desc` : sql`asc`;
  const bucket = (t: number, w: number) => Math.floor(t / w);
  const postgres = store.dialect === 'postgres';

  // Rows before the start edge: whole buckets above it, level by level, plus an exact count
  // of the finest bucket holding it (`d`: the page query's period leaves those out).
  let before: RawBuilder<unknown> = sql`0`;
  let edgeRows: RawBuilder<unknown> = sql`0`;
  if (startEdge !== null) {
    const unbounded = { ...filter, from: null, to: null };
    const edge = bucket(startEdge, fine);
    const range = desc
      ? { atOrAbove: startEdge + 1, below: (edge + 1) * fine }
      : { atOrAbove: edge * fine, below: startEdge };
    edgeRows = sql`(select count(*) from occurrences ${whereClause(filterConditions(unbounded, range))})`;
    const sums = levels.map((level, i) => {
      const key = sql.ref(level.column);
      const own = bucket(startEdge, level.width);
      const bounds = [desc ? sql`${key} > ${own}` : sql`${key} < ${own}`];
      const parent = levels[i - 1];
      if (parent) {
        const ratio = parent.width / level.width;
        const up = bucket(startEdge, parent.width);
        bounds.push(desc ? sql`${key} < ${(up + 1) * ratio}` : sql`${key} >= ${up * ratio}`);
      }
      return sql`(select coalesce(sum(n), 0) from ${sql.table(level.table)} ${whereClause([...terms, ...bounds])})`;
    });
    before = sql.join([sql`edge.d`, ...sums], sql` + `);
  }

  const ctes: RawBuilder<unknown>[] = [
    // Materialized: every step joins the target, and SQLite would otherwise evaluate its
    // subqueries again for each counter row of each step.
    sql`edge as materialized (select ${edgeRows} as d)`,
    sql`target as materialized (select cast(${offset} as bigint) + ${before} as t, edge.d as d from edge)`,
  ];
  for (const [i, level] of levels.entries()) {
    const key = sql.ref(level.column);
    const bounds: RawBuilder<unknown>[] = [];
    if (endEdge !== null) {
      const end = bucket(endEdge, level.width);
      bounds.push(desc ? sql`${key} >= ${end}` : sql`${key} <= ${end}`);
    }
    const parent = levels[i - 1];
    let from = sql.table(level.table);
    let base: RawBuilder<unknown> = sql`0`;
    let groupBase = sql``;
    if (parent) {
      const ratio = parent.width / level.width;
      const p = sql.raw(`s${i - 1}`);
      if (postgres) {
        // Through scalar subqueries (init plans): PostgreSQL then ranges the counter index on
        // the parent bucket, where a join left it scanning the whole table.
        bounds.push(
          sql`${key} between (select k from ${p}) * ${ratio} and (select k from ${p}) * ${ratio} + ${ratio - 1}`,
        );
        base = sql`(select base from ${p})`;
      } else {
        // A join on SQLite: a scalar subquery would evaluate the parent step once per reference.
        from = sql`${from} join ${p} p on ${key} between p.k * ${ratio} and p.k * ${ratio} + ${ratio - 1}`;
        base = sql`p.base`;
        groupBase = sql`, p.base`;
      }
    }
    // Running sum in walk order; the first bucket whose sum passes the target holds it.
    ctes.push(sql`${sql.raw(`s${i}`)} as (
      select k, upto - n as base from (
        select ${key} as k, sum(n) as n, ${base} + sum(sum(n)) over (order by ${key} ${order}) as upto
        from ${from} ${whereClause([...terms, ...bounds])}
        group by ${key}${groupBase}
      ) w, target where upto > target.t
      order by k ${order} limit 1)`);
  }
  const edgeBucket = startEdge === null ? null : bucket(startEdge, fine);
  const query = sql<{ k: number | string; skip: number | string }>`
    with ${sql.join(ctes, sql`, `)}
    select f.k as k, target.t - f.base - (case when f.k = ${edgeBucket} then target.d else 0 end) as skip
    from ${sql.raw(`s${finest}`)} f, target`;
  const [found] = await runPrepared(store, query.compile(occurrenceDb(store)));
  if (!found) return null;
  const k = Number(found.k);
  const skip = Number(found.skip);
  return desc
    ? { below: (k + 1) * fine, atOrAbove: null, skip }
    : { below: null, atOrAbove: k * fine, skip };
}
