import type { ChartPen, ChartPoint } from '@vigia/contract';
import { chartBucketSeconds, MAX_CHART_POINTS } from '@vigia/domain';
import { type Kysely, sql } from 'kysely';
import { fold, HOUR_S, type HourBucket, hourAggregates, hourBuckets } from '../rollups/rollups.js';
import type { Database } from '../schema.js';

/*
 * The chart history of one device (`POST /api/taginfoHistorico/dispositivo/id/
 * penas/infosLista`): each pen's readings over a period, raw while they fit
 * MAX_CHART_POINTS, else averaged in clock-aligned buckets by the database.
 */

export interface PenTag {
  id: number;
  nome: string;
  apelido: string;
  unidade: string;
  scale_min: number | null;
  scale_max: number | null;
}

export interface Period {
  inicio: number;
  fim: number;
}

/** The device's tags named in `nomes`, in that order, and the names it has no tag for. */
export async function penTags(
  db: Kysely<Database>,
  deviceId: number,
  nomes: readonly string[],
): Promise<{ tags: PenTag[]; missing: string[] }> {
  const rows = await db
    .selectFrom('tags')
    .select(['id', 'nome', 'apelido', 'unidade', 'scale_min', 'scale_max'])
    .where('device_id', '=', deviceId)
    .where('nome', 'in', nomes)
    .execute();
  const byName = new Map(rows.map((row) => [row.nome, row]));
  return {
    tags: nomes.flatMap((nome) => byName.get(nome) ?? []),
    missing: nomes.filter((nome) => !byName.has(nome)),
  };
}

function inPeriod(db: Kysely<Database>, tagIds: readonly number[], { inicio, fim }: Period) {
  return db
    .selectFrom('readings')
    .where('tag_id', 'in', tagIds)
    .where('ts', '>=', inicio)
    .where('ts', '<=', fim);
}

/** Readings per tag in the period: one range scan of the (tag_id, ts) key each. */
async function countReadings(db: Kysely<Database>, tagIds: readonly number[], period: Period) {
  const rows = await inPeriod(db, tagIds, period)
    .select(({ fn }) => ['tag_id', fn.countAll<number | string>().as('n')])
    .groupBy('tag_id')
    .execute();
  return new Map(rows.map((row) => [row.tag_id, Number(row.n)]));
}

async function rawSeries(db: Kysely<Database>, tagIds: readonly number[], period: Period) {
  const rows = await inPeriod(db, tagIds, period)
    .select(['tag_id', 'ts', 'valor', 'qos'])
    .orderBy('tag_id')
    .orderBy('ts')
    .execute();
  return groupByTag(rows, (row) => ({ ts: row.ts, valor: row.valor, qos: row.qos }));
}

/**
 * Buckets of `step` seconds aligned on multiples of it (so on the minute or
 * hour): average, minimum, maximum and worst qos of each. The bucket number is
 * an integer division on both dialects; `cast` keeps it one if a driver binds
 * the step as a real.
 */
async function bucketedSeries(
  db: Kysely<Database>,
  tagIds: readonly number[],
  period: Period,
  step: number,
) {
  const readings = inPeriod(db, tagIds, period).select([
    'tag_id',
    'valor',
    'qos',
    sql<number>`cast(ts / ${step} as integer)`.as('bucket'),
  ]);
  const rows = await db
    .selectFrom(readings.as('r'))
    .select(({ fn }) => [
      'r.tag_id',
      'r.bucket',
      fn.avg<number>('r.valor').as('valor'),
      fn.min<number>('r.valor').as('minimo'),
      fn.max<number>('r.valor').as('maximo'),
      fn.max<number>('r.qos').as('qos'),
    ])
    .groupBy(['r.tag_id', 'r.bucket'])
    .orderBy('r.tag_id')
    .orderBy('r.bucket')
    .execute();
  return groupByTag(rows, (row) => ({
    ts: Number(row.bucket) * step,
    valor: Number(row.valor),
    qos: Number(row.qos),
    minimo: Number(row.minimo),
    maximo: Number(row.maximo),
  }));
}

/**
 * Buckets of whole hours from the hourly aggregates (store/rollups): the same
 * average, extremes and worst qos as bucketing the raw readings, without
 * reading them (a 31-day chart reads 744 rows a pen instead of 44 640).
 */
async function rolledUpBuckets(
  db: Kysely<Database>,
  tagIds: readonly number[],
  { inicio, fim }: Period,
  step: number,
): Promise<HourBucket[]> {
  if (step === HOUR_S) {
    const hours = await hourBuckets(db, tagIds, inicio, fim);
    return hours.sort((a, b) => a.tag_id - b.tag_id || a.inicio - b.inicio);
  }
  return fold(await hourAggregates(db, tagIds, inicio, fim), (ts) => Math.floor(ts / step) * step);
}

function rolledUpSeries(buckets: readonly HourBucket[]) {
  return groupByTag(buckets, (a) => ({
    ts: a.inicio,
    valor: a.soma / a.n,
    qos: a.qos,
    minimo: a.minimo,
    maximo: a.maximo,
  }));
}

/** Each tag's reading count, from its buckets. */
function hourlyCounts(hourly: readonly HourBucket[]) {
  const counts = new Map<number, number>();
  for (const a of hourly) counts.set(a.tag_id, (counts.get(a.tag_id) ?? 0) + a.n);
  return counts;
}

function groupByTag<R extends { tag_id: number }>(
  rows: readonly R[],
  point: (row: R) => ChartPoint,
): Map<number, ChartPoint[]> {
  const series = new Map<number, ChartPoint[]>();
  for (const row of rows) {
    const list = series.get(row.tag_id);
    if (list) list.push(point(row));
    else series.set(row.tag_id, [point(row)]);
  }
  return series;
}

/**
 * The newest reading of each tag in the period: one backward step on the
 * (tag_id, ts) key per tag, all in one statement. (A correlated `max(ts)`
 * compared row by row reads every reading of the period.)
 */
async function newestReadings(db: Kysely<Database>, tagIds: readonly number[], period: Period) {
  const newest = tagIds.map(
    (tagId, i) => sql`select * from (
      select tag_id, ts, valor from readings
      where tag_id = ${tagId} and ts >= ${period.inicio} and ts <= ${period.fim}
      order by ts desc limit 1) as ${sql.raw(`n${i}`)}`,
  );
  const { rows } = await sql<{ tag_id: number; ts: number; valor: number }>`${sql.join(
    newest,
    sql` union all `,
  )}`.execute(db);
  return new Map(rows.map((row) => [row.tag_id, { ts: Number(row.ts), valor: row.valor }]));
}

const noSeries = new Map<number, ChartPoint[]>();

/**
 * Each tag's series over the period. A tag with more than MAX_CHART_POINTS
 * readings there is answered in buckets (`agrupamento` seconds, the same for
 * every bucketed pen of the call) with its newest reading beside them; the
 * others raw.
 */
export async function readPens(
  db: Kysely<Database>,
  tags: readonly PenTag[],
  period: Period,
): Promise<ChartPen[]> {
  if (tags.length === 0) return [];
  const tagIds = tags.map((t) => t.id);
  const step = chartBucketSeconds(period.inicio, period.fim);
  // Hour buckets (periods over about 21 days) and longer ones come from the hourly aggregates.
  const hourly = step % HOUR_S === 0 ? await rolledUpBuckets(db, tagIds, period, step) : null;
  const counts = hourly ? hourlyCounts(hourly) : await countReadings(db, tagIds, period);
  const count = (tag: PenTag) => counts.get(tag.id) ?? 0;
  const dense = tags.filter((t) => count(t) > MAX_CHART_POINTS).map((t) => t.id);
  const sparse = tags.filter((t) => count(t) > 0 && count(t) <= MAX_CHART_POINTS).map((t) => t.id);
  const denseBuckets = () =>
    hourly
      ? rolledUpSeries(hourly.filter((a) => dense.includes(a.tag_id)))
      : bucketedSeries(db, dense, period, step);
  const [raw, buckets, newest] = await Promise.all([
    sparse.length > 0 ? rawSeries(db, sparse, period) : noSeries,
    dense.length > 0 ? denseBuckets() : noSeries,
    dense.length > 0 ? newestReadings(db, dense, period) : new Map<number, never>(),
  ]);
  return tags.map((tag) => {
    const bucketed = dense.includes(tag.id);
    const serie = (bucketed ? buckets : raw).get(tag.id) ?? [];
    const last = serie.at(-1);
    return {
      id: tag.id,
      nome: tag.nome,
      apelido: tag.apelido,
      unidade: tag.unidade,
      scaleMin: tag.scale_min,
      scaleMax: tag.scale_max,
      agrupamento: bucketed ? step : null,
      serie,
      ultimo: bucketed
        ? (newest.get(tag.id) ?? null)
        : last
          ? { ts: last.ts, valor: last.valor }
          : null,
    };
  });
}
