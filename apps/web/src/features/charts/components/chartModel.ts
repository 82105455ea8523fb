import type { ChartLine, ChartPen } from '@vigia/contract';
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
  };
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
