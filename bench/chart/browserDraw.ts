/// <reference lib="dom" />
/**
 * The browser's part of the 31-day × 8-tag chart: the chart call's answer
 * turned into the screen's chart model (`chartView` of the site chart screen,
 * timed here in Node's V8) and drawn by uPlot in Chromium with the screen's
 * series, min–max bands, scales and Brasília time axis (the options of
 * `TimeSeriesChart`, mirrored): `performance.mark` before `new uPlot` and at
 * its `draw` hook (the canvas drawn), `performance.measure` between them, a
 * fresh chart each run.
 */
import { createRequire } from 'node:module';
import { performance } from 'node:perf_hooks';
import type { ChartHistory, ChartLine } from '@vigia/contract';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../test-support/services.js';

const require = createRequire(import.meta.url);

/** The part of the screen's chart model drawn here (`ChartView` of features/charts). */
interface ChartView {
  period: { inicio: number; fim: number };
  lines: { label: string; color: string; dash: number[] | undefined; scale: string }[];
  scales: { key: string; range: { min: number; max: number } }[];
  bands: { line: number; max: number; min: number }[];
  data: [number[], ...(number | null)[][]];
}
type ChartViewOf = (
  preset: { idGraphical: number; nome: string; tempoDefault: number; lines: ChartLine[] },
  pens: ChartHistory['penas'],
  period: { inicio: number; fim: number },
) => ChartView;

/*
 * The web's module, loaded at run time: it is written for the bundler's module
 * resolution, which this package's type check (nodenext) does not follow.
 */
const CHART_MODEL = '../../apps/web/src/features/charts/components/chartModel.ts';
const COLORS = [
  '#1f77b4',
  '#d62728',
  '#2ca02c',
  '#ff7f0e',
  '#9467bd',
  '#8c564b',
  '#e377c2',
  '#17becf',
];

/** The generator's 8 readings as one preset's lines (units as the demo fleet's tags). */
function lines(answer: ChartHistory): ChartLine[] {
  return answer.penas.map((pen, i) => ({
    idTag: pen.id,
    tagNome: pen.nome,
    nome: pen.apelido,
    grandeza: pen.unidade,
    cor: COLORS[i % COLORS.length] ?? '#1f77b4',
    casaDecimal: 1,
    maximo: pen.scaleMax ?? 500,
    minimo: pen.scaleMin ?? 0,
    lineStyle: i < 3 ? 'solid' : i < 6 ? 'dashed' : 'dotted',
    renderer: 'line',
    tipo: null,
    scale: null,
  }));
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
const fmt = (list: number[]) => {
  const sorted = [...list].sort((a, b) => a - b);
  return `p50 ${percentile(sorted, 50).toFixed(1)} ms, p95 ${percentile(sorted, 95).toFixed(1)} ms`;
};

/** Draws `view` in the page once; resolves with the marked time (ms). */
function drawInPage(view: ChartView): Promise<number> {
  type UPlot = {
    new (opts: unknown, data: unknown, el: HTMLElement): { destroy(): void };
    tzDate(date: Date, tz: string): Date;
  };
  const uPlot = (window as unknown as { uPlot: UPlot }).uPlot;
  const host = document.getElementById('host') as HTMLElement;
  host.replaceChildren();
  const rgba = (hex: string, a: number) => {
    const [r, g, b] = [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16));
    return `rgba(${r}, ${g}, ${b}, ${a})`;
  };
  const date = new Intl.DateTimeFormat('pt-BR', {
    timeZone: 'America/Sao_Paulo',
    day: '2-digit',
    month: '2-digit',
  });
  const number = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 1 });
  const hidden = { stroke: 'transparent', points: { show: false }, spanGaps: true };
  return new Promise((resolve) => {
    let chart: { destroy(): void } | null = null;
    const opts = {
      width: 1200,
      height: 200,
      tzDate: (ts: number) => uPlot.tzDate(new Date(ts * 1000), 'America/Sao_Paulo'),
      legend: { show: false },
      cursor: { drag: { x: false, y: false }, points: { size: 7 } },
      scales: {
        x: { time: true, range: [view.period.inicio, view.period.fim] },
        ...Object.fromEntries(
          view.scales.map((s) => [s.key, { range: [s.range.min, s.range.max] }]),
        ),
      },
      series: [
        {},
        ...view.lines.map((l) => ({
          label: l.label,
          scale: l.scale,
          stroke: l.color,
          width: 1.5,
          dash: l.dash,
          spanGaps: true,
          points: { show: false },
        })),
        ...view.bands.flatMap((b) => {
          const scale = view.lines[b.line - 1]?.scale;
          return [
            { ...hidden, scale },
            { ...hidden, scale },
          ];
        }),
      ],
      bands: view.bands.map((b) => ({
        series: [b.max, b.min],
        fill: rgba(view.lines[b.line - 1]?.color ?? '#868e96', 0.15),
      })),
      axes: [
        {
          values: (_u: unknown, splits: number[]) => splits.map((ts) => date.format(ts * 1000)),
          size: 44,
        },
        ...view.scales.map((s, i) => ({
          scale: s.key,
          side: i % 2 === 0 ? 3 : 1,
          grid: { show: i === 0 },
          values: (_u: unknown, splits: number[]) => splits.map((v) => number.format(v)),
          size: 60,
        })),
      ],
      hooks: {
        draw: [
          () => {
            performance.mark('chart-drawn');
            const m = performance.measure('chart-draw', 'chart-start', 'chart-drawn');
            performance.clearMarks();
            performance.clearMeasures();
            queueMicrotask(() => chart?.destroy());
            resolve(m.duration);
          },
        ],
      },
    };
    performance.mark('chart-start');
    chart = new uPlot(opts, view.data, host);
  });
}

export async function browserDrawFigures(
  answer: ChartHistory,
  runs: number,
  warmup: number,
): Promise<string[]> {
  const { chartView } = (await import(CHART_MODEL)) as { chartView: ChartViewOf };
  const preset = { idGraphical: 1, nome: 'bench', tempoDefault: 1440, lines: lines(answer) };
  const modelWall: number[] = [];
  let view: ChartView | undefined;
  for (let i = 0; i < warmup + runs; i++) {
    const started = performance.now();
    view = chartView(preset, answer.penas, answer);
    if (i >= warmup) modelWall.push(performance.now() - started);
  }
  if (!view) throw new Error('no chart model');

  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    const page = await browser.newPage({ viewport: { width: 1366, height: 768 } });
    await page.setContent('<!doctype html><html><body><div id="host"></div></body></html>');
    await page.addStyleTag({ path: require.resolve('uplot/dist/uPlot.min.css') });
    await page.addScriptTag({ path: require.resolve('uplot/dist/uPlot.iife.min.js') });
    // tsx keeps function names through a `__name` helper that the page lacks.
    await page.evaluate('globalThis.__name = (f) => f');
    const drawWall: number[] = [];
    for (let i = 0; i < warmup + runs; i++) {
      const ms = await page.evaluate(drawInPage, view);
      if (i >= warmup) drawWall.push(ms);
    }
    const series = view.data.length - 1;
    const points = view.data[0].length;
    return [
      `browser: chart model (chartView, Node V8): ${fmt(modelWall)}`,
      `browser: uPlot draw in Chromium (${view.lines.length} lines + ${view.bands.length} min–max bands = ${series} series × ${points} points, 1200×200): ${fmt(drawWall)}`,
    ];
  } finally {
    await browser.close();
  }
}
