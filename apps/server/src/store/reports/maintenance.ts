import type {
  MaintenanceCell,
  MaintenanceCounter,
  MaintenanceReport,
  TableColumn,
} from '@vigia/contract';
import {
  calendarDaysInclusive,
  dailyAverage,
  isCounterReading,
  MONTHLY_REPORT_GROUP,
  reportRowOf,
  reportRowPage,
  reportRowStarts,
} from '@vigia/domain';
import type { Kysely } from 'kysely';
import type { PenTag } from '../devices/chartHistory.js';
import type { ReportRequest } from '../devices/reportRows.js';
import {
  type Aggregate,
  dayAggregates,
  fold,
  hourAggregates,
  localDay,
} from '../rollups/rollups.js';
import type { Database } from '../schema.js';

/*
 * The maintenance report (spec 001 §2: kWh, hour meter, total fuel with
 * difference and daily average): the preset's counter columns read at the
 * end of each row, with their advance since the previous row that had a
 * reading, and over the whole period. Read from the hourly (Dia) or daily
 * (Mês) aggregates of the whole period, so a row's advance counts the readings
 * between rows and the rows' advances add up to the period's.
 */

const advance = (from: number, to: number) => (to >= from ? to - from : null);

/** Each row's cell of one counter, from its aggregates folded by row start (ascending). */
function counterCells(byRow: readonly Aggregate[]): Map<number, MaintenanceCell> {
  const cells = new Map<number, MaintenanceCell>();
  let previous: number | null = null;
  for (const a of byRow) {
    cells.set(a.inicio, {
      valor: a.ultimo,
      diferenca: advance(previous ?? a.primeiro, a.ultimo),
    });
    previous = a.ultimo;
  }
  return cells;
}

/** The row an aggregate falls in: rows listed for Dia (at most 31 days), its local day for Mês. */
function rowKey(request: ReportRequest): (ts: number) => number {
  const { inicio, fim, tipoPeriodo, intervalo } = request;
  if (tipoPeriodo === MONTHLY_REPORT_GROUP) {
    return (ts) => localDay(ts).inicio;
  }
  const starts = reportRowStarts(inicio, fim, tipoPeriodo, intervalo);
  return (ts) => starts[reportRowOf(starts, ts)] ?? ts;
}

/**
 * The page of rows of `request` for the preset's `columns` (the counters
 * among them; a column the device has no tag for stays, all null).
 */
export async function maintenanceRows(
  db: Kysely<Database>,
  deviceId: number,
  tags: readonly PenTag[],
  columns: readonly TableColumn[],
  request: ReportRequest,
): Promise<Omit<MaintenanceReport, 'idTable' | 'nome'>> {
  const { inicio, fim, tipoPeriodo, intervalo, offSet, limit } = request;
  const { total, starts: page } = reportRowPage(inicio, fim, tipoPeriodo, intervalo, offSet, limit);
  const counters = columns.filter((c) => isCounterReading(c.keyColuna));
  const byName = new Map(tags.map((tag) => [tag.nome, tag]));
  const tagIds = counters.flatMap((c) => byName.get(c.keyColuna)?.id ?? []);
  const aggregates =
    tipoPeriodo === MONTHLY_REPORT_GROUP
      ? await dayAggregates(db, tagIds, inicio, fim)
      : await hourAggregates(db, tagIds, inicio, fim);
  const byRow = fold(aggregates, rowKey(request));
  const whole = fold(aggregates, () => inicio);
  const dias = fim < inicio ? 0 : calendarDaysInclusive(inicio * 1000, fim * 1000);

  const cellsByTag = new Map<number, Map<number, MaintenanceCell>>();
  for (const id of tagIds) cellsByTag.set(id, counterCells(byRow.filter((a) => a.tag_id === id)));
  const contadores: MaintenanceCounter[] = counters.map((c) => {
    const tag = byName.get(c.keyColuna);
    const period = tag ? whole.find((a) => a.tag_id === tag.id) : undefined;
    const diferenca = period ? advance(period.primeiro, period.ultimo) : null;
    return {
      keyColuna: c.keyColuna,
      nomeColuna: c.nomeColuna,
      grandeza: c.grandeza,
      casaDecimal: c.casaDecimal,
      inicial: period?.primeiro ?? null,
      final: period?.ultimo ?? null,
      diferenca,
      mediaDiaria: dailyAverage(diferenca, inicio, fim),
    };
  });
  const empty: MaintenanceCell = { valor: null, diferenca: null };
  const rows = page.map((ts) => ({
    ts,
    columns: Object.fromEntries(
      counters.map((c) => {
        const tag = byName.get(c.keyColuna);
        return [c.keyColuna, (tag && cellsByTag.get(tag.id)?.get(ts)) ?? empty];
      }),
    ),
  }));
  return {
    idDispositivo: deviceId,
    inicio,
    fim,
    tipoPeriodo,
    intervalo,
    offSet,
    limit,
    total,
    dias,
    contadores,
    rows,
  };
}
