import 'uplot/dist/uPlot.min.css';
import { Text } from '@mantine/core';
import { formatDate, formatNumber, formatTime, TIME_ZONE } from '@vigia/domain';
import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import uPlot from 'uplot';
import { ChartLegend } from './ChartLegend';
import { axisDecimals, formatDateMinute, formatValue } from './chartFormat';
import type { ChartView } from './chartModel';
import classes from './TimeSeriesChart.module.css';

interface Props {
  view: ChartView;
  /** The canvas's text alternative (the values are in the page's summary table). */
  description: string;
  /** Charts with the same key move their cursors together. */
  syncKey: string;
  height?: number;
}

// Calm: greys for axes and grid, colour only for the lines.
const AXIS_TEXT = '#495057';
const GRID = '#e9ecef';
const FONT = '12px system-ui, -apple-system, "Segoe UI", Roboto, Arial, sans-serif';
const DAY = 86_400;

function translucent(hex: string, alpha: number): string {
  const match = /^#?([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex);
  if (!match) return `rgba(134, 142, 150, ${alpha})`;
  const [r, g, b] = match.slice(1).map((h) => Number.parseInt(h, 16));
  return `rgba(${r}, ${g}, ${b}, ${alpha})`;
}

/** Tick labels in Brasília time: 'HH:mm', with 'dd/MM' under the first tick of each day. */
function timeLabels(_u: uPlot, splits: number[], _axis: number, _space: number, step: number) {
  let lastDay = '';
  return splits.map((ts) => {
    const day = formatDate(ts).slice(0, 5);
    if (step >= DAY) return day;
    const time = formatTime(ts);
    if (day === lastDay) return time;
    lastDay = day;
    return `${time}\n${day}`;
  });
}

function valueLabels(_u: uPlot, splits: number[], _axis: number, _space: number, step: number) {
  return splits.map((value) => formatNumber(value, axisDecimals(step)));
}

const bars = uPlot.paths.bars?.({ size: [0.7, 48], align: 0 });

// Alarms are a state, so they get the alert colour; events stay grey.
const ALARM_MARK = 'rgba(201, 42, 42, 0.75)';
const EVENT_MARK = 'rgba(134, 142, 150, 0.8)';

/** Occurrences as dashed vertical marks with a small flag at the top of the plot. */
function drawAnnotations(u: uPlot, annotations: ChartView['annotations']) {
  if (annotations.length === 0) return;
  const { ctx } = u;
  const { top, height, left, width } = u.bbox;
  ctx.save();
  ctx.lineWidth = Math.max(1, devicePixelRatio);
  ctx.setLineDash([4 * devicePixelRatio, 3 * devicePixelRatio]);
  for (const a of annotations) {
    const x = Math.round(u.valToPos(a.ts, 'x', true));
    if (x < left || x > left + width) continue;
    ctx.strokeStyle = a.isEvt ? EVENT_MARK : ALARM_MARK;
    ctx.fillStyle = ctx.strokeStyle;
    ctx.beginPath();
    ctx.moveTo(x, top);
    ctx.lineTo(x, top + height);
    ctx.stroke();
    ctx.fillRect(x - 3 * devicePixelRatio, top, 6 * devicePixelRatio, 6 * devicePixelRatio);
  }
  ctx.restore();
}

/** Dots on the line only while they stand apart (a few readings), not on a dense series. */
const sparse = (u: uPlot) => u.data[0].length * 16 < u.width;

/** uPlot's options for a chart: exported for its test (the canvas itself needs a browser). */
export function chartOptions(
  view: ChartView,
  width: number,
  height: number,
  syncKey: string,
  onCursor: (index: number | null) => void,
): uPlot.Options {
  const hidden: uPlot.Series = { stroke: 'transparent', points: { show: false }, spanGaps: true };
  return {
    width,
    height,
    tzDate: (ts) => uPlot.tzDate(new Date(ts * 1000), TIME_ZONE),
    legend: { show: false },
    cursor: { sync: { key: syncKey }, drag: { x: false, y: false }, points: { size: 7 } },
    scales: {
      x: { time: true, range: [view.period.inicio, view.period.fim] },
      ...Object.fromEntries(
        view.scales.map((s) => [s.key, { range: [s.range.min, s.range.max] as [number, number] }]),
      ),
    },
    series: [
      {},
      ...view.lines.map(
        (line): uPlot.Series =>
          line.renderer === 'bar'
            ? {
                label: line.label,
                scale: line.scale,
                stroke: line.color,
                fill: translucent(line.color, 0.45),
                width: 1,
                paths: bars,
                points: { show: false },
              }
            : {
                label: line.label,
                scale: line.scale,
                stroke: line.color,
                width: 1.5,
                dash: line.dash,
                spanGaps: true,
                points: { show: sparse },
              },
      ),
      ...view.bands.flatMap((band) => {
        const scale = view.lines[band.line - 1]?.scale;
        return [
          { ...hidden, scale },
          { ...hidden, scale },
        ];
      }),
    ],
    bands: view.bands.map((band) => ({
      series: [band.max, band.min] as [number, number],
      fill: translucent(view.lines[band.line - 1]?.color ?? '', 0.15),
    })),
    axes: [
      {
        stroke: AXIS_TEXT,
        font: FONT,
        grid: { stroke: GRID, width: 1 },
        ticks: { stroke: GRID, width: 1 },
        values: timeLabels,
        size: 44,
      },
      ...view.scales.map(
        (scale, index): uPlot.Axis => ({
          scale: scale.key,
          side: index % 2 === 0 ? 3 : 1,
          stroke: AXIS_TEXT,
          font: FONT,
          grid: { show: index === 0, stroke: GRID, width: 1 },
          ticks: { stroke: GRID, width: 1 },
          values: valueLabels,
          size: 52,
          // The unit on its axis: lines of one unit and range share it.
          label: scale.unit || undefined,
          labelFont: FONT,
          labelSize: 16,
          labelGap: 2,
        }),
      ),
    ],
    hooks: {
      setCursor: [(u) => onCursor(u.cursor.idx ?? null)],
      draw: [(u) => drawAnnotations(u, view.annotations)],
    },
  };
}

const KEY_STEPS: Record<string, (index: number, last: number) => number> = {
  ArrowLeft: (i) => i - 1,
  ArrowRight: (i) => i + 1,
  PageDown: (i) => i - 10,
  PageUp: (i) => i + 10,
  Home: () => 0,
  End: (_i, last) => last,
};

/**
 * A uPlot time-series chart (canvas). Hovering, or focus and the arrow keys
 * (Home, End, Page Up/Down; Escape leaves), read the values at a time: the
 * readout under the chart says them in words.
 */
export function TimeSeriesChart({ view, description, syncKey, height = 200 }: Props) {
  const host = useRef<HTMLDivElement>(null);
  const plot = useRef<uPlot | null>(null);
  const [cursor, setCursor] = useState<number | null>(null);

  useEffect(() => {
    const element = host.current;
    if (!element) return;
    const width = () => Math.max(element.clientWidth, 280);
    const chart = new uPlot(
      chartOptions(view, width(), height, syncKey, setCursor),
      view.data as uPlot.AlignedData,
      element,
    );
    plot.current = chart;
    const observer = new ResizeObserver(() => chart.setSize({ width: width(), height }));
    observer.observe(element);
    return () => {
      observer.disconnect();
      chart.destroy();
      plot.current = null;
      setCursor(null);
    };
  }, [view, height, syncKey]);

  const times = view.data[0];
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const step = KEY_STEPS[event.key];
    const chart = plot.current;
    if (!chart || times.length === 0) return;
    if (event.key === 'Escape') {
      chart.setCursor({ left: -10, top: -10 });
      return;
    }
    if (!step) return;
    event.preventDefault();
    const last = times.length - 1;
    const index = Math.min(Math.max(step(cursor ?? last + 1, last), 0), last);
    const first = view.lines[0];
    const value = (view.data[1]?.[index] ?? null) as number | null;
    chart.setCursor({
      left: chart.valToPos(times[index] as number, 'x'),
      top: first && value !== null ? chart.valToPos(value, first.scale) : chart.bbox.height / 4,
    });
  };

  const at = cursor === null ? undefined : times[cursor];
  return (
    <>
      <ChartLegend lines={view.lines} />
      <div
        ref={host}
        className={classes.plot}
        role="img"
        aria-label={description}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: focus lets the arrow keys move the chart's cursor
        tabIndex={0}
        onKeyDown={onKeyDown}
      />
      <Text size="sm" c="gray.7" className={classes.readout} aria-live="polite">
        {at === undefined
          ? ''
          : `${formatDateMinute(at)}: ${view.lines
              .map((line, i) => {
                const value = view.data[i + 1]?.[cursor as number] ?? null;
                return `${line.label} ${formatValue(value, line.decimals, line.unit)}`;
              })
              .join('; ')}`}
      </Text>
    </>
  );
}
