import type { ChartPen, ChartPoint } from '@vigia/contract';
import { chartBucketSeconds, MAX_CHART_POINTS } from '@vigia/domain';
import type { Kysely } from 'kysely';
import { newestAtOrBefore, readingsIn } from '../packs/readingRange.js';
import { ReadingBuffer } from '../readingsWriter.js';
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

/** Each tag's readings as chart points. */
function rawSeries(rows: ReadingBuffer, tagIds: ReadonlySet<number>): Map<number, ChartPoint[]> {
  const series = new Map<number, ChartPoint[]>();
  for (let i = 0; i < rows.length; i++) {
    const tagId = rows.tagIds[i] as number;
    if (!tagIds.has(tagId)) continue;
    const point = {
      ts: rows.ts[i] as number,
      valor: rows.valores[i] as number,
      qos: rows.qos[i] as number,
    };
    const list = series.get(tagId);
    if (list) list.push(point);
    else series.set(tagId, [point]);
  }
  return series;
}

/**
 * Buckets of `step` seconds aligned on multiples of it (so on the minute or
 * hour): average, minimum, maximum and worst qos of each.
 */
function bucketedSeries(
  rows: ReadingBuffer,
  tagIds: ReadonlySet<number>,
  step: number,
): Map<number, ChartPoint[]> {
  const series = new Map<number, ChartPoint[]>();
  let i = 0;
  while (i < rows.length) {
    const tagId = rows.tagIds[i] as number;
    const bucket = Math.floor((rows.ts[i] as number) / step);
    let soma = 0;
    let minimo = Number.POSITIVE_INFINITY;
    let maximo = Number.NEGATIVE_INFINITY;
    let qos = 0;
    const start = i;
    for (
      ;
      i < rows.length &&
      rows.tagIds[i] === tagId &&
      Math.floor((rows.ts[i] as number) / step) === bucket;
      i++
    ) {
      const valor = rows.valores[i] as number;
      soma += valor;
      if (valor < minimo) minimo = valor;
      if (valor > maximo) maximo = valor;
      if ((rows.qos[i] as number) > qos) qos = rows.qos[i] as number;
    }
    if (!tagIds.has(tagId)) continue;
    const point = { ts: bucket * step, valor: soma / (i - start), qos, minimo, maximo };
    const list = series.get(tagId);
    if (list) list.push(point);
    else series.set(tagId, [point]);
  }
  return series;
}

/** Each tag's reading count. */
function countsOf(rows: ReadingBuffer): Map<number, number> {
  const counts = new Map<number, number>();
  for (let i = 0; i < rows.length; i++) {
    const tagId = rows.tagIds[i] as number;
    counts.set(tagId, (counts.get(tagId) ?? 0) + 1);
  }
  return counts;
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

/** Each tag's last reading in `rows` (in (tag, ts) order). */
function newestOf(rows: ReadingBuffer | null): Map<number, { ts: number; valor: number }> {
  const newest = new Map<number, { ts: number; valor: number }>();
  if (!rows) return newest;
  for (let i = 0; i < rows.length; i++) {
    if (i + 1 < rows.length && rows.tagIds[i + 1] === rows.tagIds[i]) continue;
    newest.set(rows.tagIds[i] as number, {
      ts: rows.ts[i] as number,
      valor: rows.valores[i] as number,
    });
  }
  return newest;
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
  // Hour buckets (periods over about 21 days) and longer ones come from the hourly aggregates.
  const hourly = step % HOUR_S === 0 ? await rolledUpBuckets(db, tagIds, period, step) : null;
  // Below hour buckets every reading of the period is read once, then drawn raw or bucketed.
  const rows = hourly ? null : await readingsIn(db, tagIds, period.inicio, period.fim);
  const counts = hourly ? hourlyCounts(hourly) : countsOf(rows ?? new ReadingBuffer(1));
  const count = (tag: PenTag) => counts.get(tag.id) ?? 0;
  const dense = tags.filter((t) => count(t) > MAX_CHART_POINTS).map((t) => t.id);
  const sparse = tags.filter((t) => count(t) > 0 && count(t) <= MAX_CHART_POINTS).map((t) => t.id);
  const [sparseRows, newest] = await Promise.all([
    rows ?? readingsIn(db, sparse, period.inicio, period.fim),
    hourly ? newestAtOrBefore(db, dense, period.fim, period.inicio) : newestOf(rows),
  ]);
  const raw = rawSeries(sparseRows, new Set(sparse));
  const buckets = hourly
    ? rolledUpSeries(hourly.filter((a) => dense.includes(a.tag_id)))
    : bucketedSeries(rows ?? sparseRows, new Set(dense), step);
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
