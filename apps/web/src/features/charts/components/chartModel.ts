import type { ChartLine, ChartPen, OccurrenceRow, PlantChart } from '@vigia/contract';
import { chartYRange, groupLinesByScale, type Period, type ValueRange } from '@vigia/domain';
import type { ChartPreset } from '../api/get-chart-presets';

/** A line as drawn: its reading, label, unit, colour, decimals and scale. */
export interface LineView {
  /** Reading (tag) name. */
  name: string;
  label: string;
  unit: string;
  color: string;
  decimals: number;
  dash: number[] | undefined;
  /** Key of its scale in `ChartView.scales`. */
  scale: string;
  /** Drawn from bucket averages, with a band from the minimum to the maximum. */
  bucketed: boolean;
  /** Spec 000 §3 `renderer`: a line, or bars (a day's consumption, energy per day). */
  renderer: 'line' | 'bar';
}

/** An occurrence marked on the time axis (spec 001 §3 "Annotation"). */
export interface Annotation {
  ts: number;
  label: string;
  /** An event (grey mark) or an alarm (red mark). */
  isEvt: boolean;
}

export interface ScaleView {
  key: string;
  unit: string;
  range: ValueRange;
}

/** Which series (indexes into `data`) bound a bucketed line's min–max band. */
export interface BandView {
  line: number;
  max: number;
  min: number;
}

/**
 * One chart: `data` is uPlot's aligned layout: times first, then one series
 * per line, then the minimum and maximum series of each bucketed line.
 */
export interface ChartView {
  id: number;
  title: string;
  /** The period drawn (epoch seconds): the time axis spans it whole, so a silence shows. */
  period: Period;
  lines: LineView[];
  scales: ScaleView[];
  bands: BandView[];
  data: [number[], ...(number | null)[][]];
  empty: boolean;
  annotations: Annotation[];
}

/** A line's summary over the period: the chart's text alternative. */
export interface LineSummary {
  label: string;
  unit: string;
  decimals: number;
  latest: { ts: number; valor: number } | null;
  min: number | null;
  max: number | null;
}

const DASHES: Record<ChartLine['lineStyle'], number[] | undefined> = {
  solid: undefined,
  dashed: [8, 4],
  dotted: [2, 3],
};

function extent(pens: readonly ChartPen[]): ValueRange | null {
  let min = Number.POSITIVE_INFINITY;
  let max = Number.NEGATIVE_INFINITY;
  for (const pen of pens) {
    for (const p of pen.serie) {
      min = Math.min(min, p.minimo ?? p.valor);
      max = Math.max(max, p.maximo ?? p.valor);
    }
  }
  return min <= max ? { min, max } : null;
}

/**
 * The scale's bounds: the device's own tag scale when every pen has one (a
 * tank's volume goes up to its capacity), else the preset's minimo–maximo.
 */
function scaleBounds(lines: readonly ChartLine[], pens: readonly ChartPen[]): ValueRange {
  const tagScales = pens.every((p) => p.scaleMin !== null && p.scaleMax !== null);
  if (pens.length > 0 && tagScales) {
    return {
      min: Math.min(...pens.map((p) => p.scaleMin as number)),
      max: Math.max(...pens.map((p) => p.scaleMax as number)),
    };
  }
  return {
    min: Math.min(...lines.map((l) => l.minimo)),
    max: Math.max(...lines.map((l) => l.maximo)),
  };
}

function chartTitle(lines: readonly ChartLine[]): string {
  const units = [...new Set(lines.map((l) => l.grandeza).filter(Boolean))];
  const names = lines.map((l) => l.nome).join(', ');
  return units.length === 1 ? `${names} (${units[0]})` : names;
}

/** A preset's chart from the history answer (pens matched by reading name). */
export function chartView(
  preset: ChartPreset,
  pens: readonly ChartPen[],
  period: Period,
): ChartView {
  const penOf = new Map(pens.map((p) => [p.nome, p]));
  const groups = groupLinesByScale(preset.lines);
  const scaleOf = new Map<ChartLine, string>();
  const scales = groups.map((group, index): ScaleView => {
    const key = `y${index}`;
    for (const line of group) scaleOf.set(line, key);
    const groupPens = group.flatMap((l) => penOf.get(l.tagNome) ?? []);
    return {
      key,
      unit: group[0]?.grandeza ?? '',
      range: chartYRange(scaleBounds(group, groupPens), extent(groupPens)),
    };
  });

  const lines = preset.lines.map(
    (line): LineView => ({
      name: line.tagNome,
      label: line.nome,
      unit: line.grandeza,
      color: line.cor,
      decimals: line.casaDecimal,
      dash: DASHES[line.lineStyle],
      scale: scaleOf.get(line) ?? 'y0',
      bucketed: (penOf.get(line.tagNome)?.agrupamento ?? null) !== null,
      renderer: line.renderer ?? 'line',
    }),
  );

  const times = [
    ...new Set(lines.flatMap((l) => penOf.get(l.name)?.serie.map((p) => p.ts) ?? [])),
  ].sort((a, b) => a - b);
  const column = (line: LineView, pick: (p: ChartPen['serie'][number]) => number | undefined) => {
    const byTs = new Map(penOf.get(line.name)?.serie.map((p) => [p.ts, pick(p) ?? null]) ?? []);
    return times.map((ts) => byTs.get(ts) ?? null);
  };

  const data: ChartView['data'] = [times, ...lines.map((l) => column(l, (p) => p.valor))];
  const bands: BandView[] = [];
  lines.forEach((line, index) => {
    if (!line.bucketed) return;
    data.push(
      column(line, (p) => p.maximo),
      column(line, (p) => p.minimo),
    );
    bands.push({ line: index + 1, max: data.length - 2, min: data.length - 1 });
  });

  return {
    id: preset.idGraphical,
    title: chartTitle(preset.lines),
    period,
    lines,
    scales,
    bands,
    data,
    empty: times.length === 0,
    annotations: [],
  };
}

/** The occurrences inside the period, oldest first, as chart marks. */
export function annotationsOf(rows: readonly OccurrenceRow[], period: Period): Annotation[] {
  return rows
    .filter((r) => r.horaAtivacao >= period.inicio && r.horaAtivacao <= period.fim)
    .map((r) => ({ ts: r.horaAtivacao, label: r.nomeAlarme, isEvt: r.isEvt }))
    .sort((a, b) => a.ts - b.ts);
}

/** Plant chart series shown, in the order the user keeps (spec 000 §3 "plant graph ordering"). */
export interface PlantGraphOrder {
  /** Device ids in the order chosen; devices not listed follow in the answer's order. */
  order: number[];
  hidden: number[];
}

/** The series in the chosen order, hidden ones left out. */
export function orderPlantSeries<T extends { idDispositivo: number }>(
  series: readonly T[],
  prefs: PlantGraphOrder,
): T[] {
  const rank = new Map(prefs.order.map((id, i) => [id, i]));
  const hidden = new Set(prefs.hidden);
  return series
    .map((s, i) => ({ s, key: rank.get(s.idDispositivo) ?? prefs.order.length + i }))
    .sort((a, b) => a.key - b.key)
    .map(({ s }) => s)
    .filter((s) => !hidden.has(s.idDispositivo));
}

/**
 * The plant chart call's answer as one chart per equipment (power averaged
 * per bucket, or energy per day as bars), drawn with the preset's line.
 */
export function plantChartViews(
  line: ChartLine,
  answer: PlantChart,
  series: PlantChart['series'],
): ChartView[] {
  const period = { inicio: answer.inicio, fim: answer.fim };
  return series.map((s): ChartView => {
    const values = s.serie.map((p) => p.valor);
    const own = values.length > 0 ? { min: Math.min(...values), max: Math.max(...values) } : null;
    const unit = s.unidade || line.grandeza;
    return {
      id: s.idDispositivo,
      title: `${s.patrimonio ? `${s.patrimonio} · ` : ''}${s.nome} (${unit})`,
      period,
      lines: [
        {
          name: line.tagNome,
          label: s.patrimonio ?? s.nome,
          unit,
          color: line.cor,
          decimals: line.casaDecimal,
          dash: DASHES[line.lineStyle],
          scale: 'y0',
          bucketed: false,
          renderer: line.renderer ?? 'line',
        },
      ],
      scales: [
        {
          key: 'y0',
          unit,
          range: chartYRange({ min: line.minimo, max: Math.max(line.maximo, own?.max ?? 0) }, own),
        },
      ],
      bands: [],
      data: [s.serie.map((p) => p.ts), values],
      empty: s.serie.length === 0,
      annotations: [],
    };
  });
}

/** The newest value, minimum and maximum of each plant series (the plant charts' text alternative). */
export function plantSummaries(line: ChartLine, series: PlantChart['series']): LineSummary[] {
  return series.map((s) => {
    const last = s.serie[s.serie.length - 1];
    const values = s.serie.map((p) => p.valor);
    return {
      label: s.patrimonio ? `${s.patrimonio} · ${s.nome}` : s.nome,
      unit: s.unidade || line.grandeza,
      decimals: line.casaDecimal,
      latest: last ? { ts: last.ts, valor: last.valor } : null,
      min: values.length > 0 ? Math.min(...values) : null,
      max: values.length > 0 ? Math.max(...values) : null,
    };
  });
}

/** Latest value, minimum and maximum of each line of the charts, in chart order. */
export function lineSummaries(
  presets: readonly ChartPreset[],
  pens: readonly ChartPen[],
): LineSummary[] {
  const penOf = new Map(pens.map((p) => [p.nome, p]));
  return presets.flatMap((preset) =>
    preset.lines.map((line): LineSummary => {
      const pen = penOf.get(line.tagNome);
      const range = pen ? extent([pen]) : null;
      return {
        label: line.nome,
        unit: line.grandeza,
        decimals: line.casaDecimal,
        latest: pen?.ultimo ?? null,
        min: range?.min ?? null,
        max: range?.max ?? null,
      };
    }),
  );
}

/** The readings every chart draws, once each, in order. */
export function penNames(presets: readonly ChartPreset[]): string[] {
  return [...new Set(presets.flatMap((p) => p.lines.map((l) => l.tagNome)))];
}
