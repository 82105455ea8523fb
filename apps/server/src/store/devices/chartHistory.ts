import type { ChartPen, ChartPoint } from '@vigia/contract';
import { chartBucketSeconds, MAX_CHART_POINTS } from '@vigia/domain';
import type { Kysely } from 'kysely';
import { newestAtOrBefore, readingsIn } from '../packs/readingRange.js';
import type { ReadingBuffer } from '../readingsWriter.js';
import {
  aggregateBy,
  fold,
  HOUR_S,
  type HourBucket,
  hourAggregates,
  hourBuckets,
} from '../rollups/rollups.js';
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

/** One tag's readings as chart points. */
function pointsOf(rows: ReadingBuffer): ChartPoint[] {
  const points: ChartPoint[] = [];
  for (let i = 0; i < rows.length; i++) {
    points.push({
      ts: rows.ts[i] as number,
      valor: rows.valores[i] as number,
      qos: rows.qos[i] as number,
    });
  }
  return points;
}

/** A pen's points, whether they are buckets, and its newest reading of the period. */
interface PenSeries {
  serie: ChartPoint[];
  bucketed: boolean;
  ultimo: { ts: number; valor: number } | null;
}

/**
 * Each pen's readings of the period, drawn raw while they fit MAX_CHART_POINTS,
 * else in buckets of `step`. One pen at a time, so what is held is one pen's
 * readings (21 days every 10 s: 181,000).
 */
async function readingSeries(
  db: Kysely<Database>,
  tagIds: readonly number[],
  period: Period,
  step: number,
): Promise<Map<number, PenSeries>> {
  const out = new Map<number, PenSeries>();
  for (const tagId of tagIds) {
    const rows = await readingsIn(db, [tagId], period.inicio, period.fim);
    const last = rows.length - 1;
    if (last < 0) continue;
    const bucketed = rows.length > MAX_CHART_POINTS;
    out.set(tagId, {
      serie: bucketed ? aggregateBy(rows, step).map(bucketPoint) : pointsOf(rows),
      bucketed,
      ultimo: { ts: rows.ts[last] as number, valor: rows.valores[last] as number },
    });
  }
  return out;
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

/** A bucket as a chart point: its average, extremes and worst qos. */
const bucketPoint = (a: HourBucket): ChartPoint => ({
  ts: a.inicio,
  valor: a.soma / a.n,
  qos: a.qos,
  minimo: a.minimo,
  maximo: a.maximo,
});

function rolledUpSeries(buckets: readonly HourBucket[]) {
  return groupByTag(buckets, bucketPoint);
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
 * Hour buckets and longer (periods over about 21 days) from the hourly
 * aggregates for the pens past MAX_CHART_POINTS, with their newest reading;
 * the others raw.
 */
async function hourlySeries(
  db: Kysely<Database>,
  tagIds: readonly number[],
  period: Period,
  step: number,
): Promise<Map<number, PenSeries>> {
  const hourly = await rolledUpBuckets(db, tagIds, period, step);
  const counts = hourlyCounts(hourly);
  const count = (id: number) => counts.get(id) ?? 0;
  const dense = tagIds.filter((id) => count(id) > MAX_CHART_POINTS);
  const sparse = tagIds.filter((id) => count(id) > 0 && count(id) <= MAX_CHART_POINTS);
  const [out, newest] = await Promise.all([
    readingSeries(db, sparse, period, step),
    newestAtOrBefore(db, dense, period.fim, period.inicio),
  ]);
  const buckets = rolledUpSeries(hourly.filter((a) => dense.includes(a.tag_id)));
  for (const id of dense) {
    out.set(id, { serie: buckets.get(id) ?? [], bucketed: true, ultimo: newest.get(id) ?? null });
  }
  return out;
}

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
  const series =
    step % HOUR_S === 0
      ? await hourlySeries(db, tagIds, period, step)
      : await readingSeries(db, tagIds, period, step);
  return tags.map((tag) => {
    const pen = series.get(tag.id);
    return {
      id: tag.id,
      nome: tag.nome,
      apelido: tag.apelido,
      unidade: tag.unidade,
      scaleMin: tag.scale_min,
      scaleMax: tag.scale_max,
      agrupamento: pen?.bucketed ? step : null,
      serie: pen?.serie ?? [],
      ultimo: pen?.ultimo ?? null,
    };
  });
}
