import type { ReportData, ReportRow, ReportTagInfo } from '@vigia/contract';
import {
  isCounterReading,
  isDateColumn,
  MONTHLY_REPORT_GROUP,
  type ReportGroup,
  reportRowOf,
  reportRowPage,
} from '@vigia/domain';
import type { Kysely } from 'kysely';
import {
  type Aggregate,
  dayAggregates,
  fold,
  hourAggregates,
  localDay,
} from '../rollups/rollups.js';
import type { Database } from '../schema.js';
import type { PenTag } from './chartHistory.js';

/*
 * Report rows (spec 000 §7 report history, 001 §3 report response): one row
 * per interval from each local midnight (group 0 Dia) or per local day
 * (group 1 Mês), each column the average of its readings in the row or, for a
 * counter, its advance (last minus first reading in the row). Read from the
 * hourly and daily aggregates (store/rollups), only for the rows of the page.
 */

export interface ReportRequest {
  inicio: number;
  fim: number;
  tipoPeriodo: ReportGroup;
  intervalo: number;
  offSet: number;
  limit: number;
}

export interface ReportColumnKey {
  keyColuna: string;
  tipo?: string | null;
}

/** The readings (keyColuna) the columns read: not the date column. */
export function readingKeys(columns: readonly ReportColumnKey[]): string[] {
  return [
    ...new Set(
      columns.filter((c) => !isDateColumn(c.tipo) && c.keyColuna !== 'ts').map((c) => c.keyColuna),
    ),
  ];
}

/** A row's value of one tag's aggregate: a counter's advance (null when it went down), else the average. */
export function cellValue(tag: PenTag, aggregate: Aggregate | undefined): number | null {
  if (!aggregate || aggregate.n === 0) return null;
  if (isCounterReading(tag.nome)) {
    const advance = aggregate.ultimo - aggregate.primeiro;
    return advance >= 0 ? advance : null;
  }
  return aggregate.soma / aggregate.n;
}

/**
 * The page of rows of `request`; `keys` are every column's reading, those
 * without a tag in `tags` (a preset column the device lacks) are null.
 */
export async function reportRows(
  db: Kysely<Database>,
  deviceId: number,
  tags: readonly PenTag[],
  keys: readonly string[],
  request: ReportRequest,
): Promise<ReportData> {
  const { inicio, fim, tipoPeriodo, intervalo, offSet, limit } = request;
  const { total, starts: page } = reportRowPage(inicio, fim, tipoPeriodo, intervalo, offSet, limit);
  const header: ReportTagInfo[] = tags.map((tag) => ({
    id: tag.id,
    nome: tag.nome,
    apelido: tag.apelido,
    unidade: tag.unidade,
    contador: isCounterReading(tag.nome),
  }));
  const base = { idDispositivo: deviceId, inicio, fim, tipoPeriodo, intervalo, offSet, limit };
  if (page.length === 0) return { ...base, total, header, rows: [] };

  const first = page[0] as number;
  const last = page.at(-1) as number;
  const step = tipoPeriodo === MONTHLY_REPORT_GROUP ? null : intervalo * 60;
  // The page's rows, clipped to the period (a row touching it counts only readings inside).
  const from = Math.max(inicio, first);
  const to = Math.min(fim, (step === null ? localDay(last).proximo : last + step) - 1);
  const tagIds = tags.map((t) => t.id);
  const aggregates =
    step === null
      ? await dayAggregates(db, tagIds, from, to)
      : await hourAggregates(db, tagIds, from, to);
  const byRow = fold(aggregates, (ts) => page[reportRowOf(page, ts)] ?? first);
  const byName = new Map(tags.map((tag) => [tag.nome, tag]));
  const cells = new Map(byRow.map((a) => [`${a.tag_id}:${a.inicio}`, a]));
  const rows: ReportRow[] = page.map((ts) => ({
    ts,
    columns: Object.fromEntries(
      keys.map((key) => {
        const tag = byName.get(key);
        return [key, tag ? cellValue(tag, cells.get(`${tag.id}:${ts}`)) : null];
      }),
    ),
  }));
  return { ...base, total, header, rows };
}
