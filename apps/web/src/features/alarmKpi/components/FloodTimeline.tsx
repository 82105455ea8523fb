import 'uplot/dist/uPlot.min.css';
import { Text } from '@mantine/core';
import {
  ALARM_KPI,
  fillKpiWindows,
  formatDate,
  formatDateTime,
  formatTime,
  TIME_ZONE,
} from '@vigia/domain';
import { useEffect, useMemo, useRef } from 'react';
import uPlot from 'uplot';

interface Props {
  inicio: number;
  referencia: number;
  windows: readonly { inicio: number; total: number }[];
  height?: number;
}

// Calm greys; red only for the windows in flood (a state).
const AXIS_TEXT = '#495057';
const GRID = '#e9ecef';
const NORMAL_FILL = '#adb5bd';
const FLOOD_FILL = '#e03131';
const FONT = '12px system-ui, -apple-system, "Segoe UI", Roboto, Arial, sans-serif';
const DAY = 86_400;
const MAX_LISTED = 12;

function timeLabels(_u: uPlot, splits: number[], _axis: number, _space: number, step: number) {
  let lastDay = '';
  return splits.map((ts) => {
    const day = formatDate(ts).slice(0, 5);
    if (step >= DAY) return day;
    const time = formatTime(ts).slice(0, 5);
    if (day === lastDay) return time;
    lastDay = day;
    return `${time}\n${day}`;
  });
}

/**
 * Alarms per 10-minute window over the period as bars (uPlot): the windows
 * over the flood limit in red, the limit as a dashed line. The windows in
 * flood are also listed in text under the chart.
 */
export function FloodTimeline({ inicio, referencia, windows, height = 180 }: Props) {
  const host = useRef<HTMLDivElement>(null);
  const { starts, totals } = useMemo(
    () => fillKpiWindows(inicio, referencia, windows),
    [inicio, referencia, windows],
  );
  const flood = useMemo(() => windows.filter((w) => w.total > ALARM_KPI.floodAbove), [windows]);

  useEffect(() => {
    const element = host.current;
    if (!element) return;
    const limit = ALARM_KPI.floodAbove;
    const normal = totals.map((n) => (n > 0 && n <= limit ? n : null));
    const over = totals.map((n) => (n > limit ? n : null));
    const line = totals.map(() => limit);
    const bars = uPlot.paths.bars?.({ size: [0.9, 24], align: 1 });
    const width = () => Math.max(element.clientWidth, 280);
    const top = Math.max(limit + 2, ...totals) * 1.1;
    const chart = new uPlot(
      {
        width: width(),
        height,
        tzDate: (ts) => uPlot.tzDate(new Date(ts * 1000), TIME_ZONE),
        legend: { show: false },
        cursor: { drag: { x: false, y: false }, points: { show: false } },
        scales: {
          x: { time: true, range: [starts[0] ?? inicio, (starts.at(-1) ?? inicio) + 600] },
          y: { range: [0, top] },
        },
        series: [
          {},
          {
            label: 'Alarmes',
            fill: NORMAL_FILL,
            stroke: NORMAL_FILL,
            paths: bars,
            points: { show: false },
          },
          {
            label: 'Em inundação',
            fill: FLOOD_FILL,
            stroke: FLOOD_FILL,
            paths: bars,
            points: { show: false },
          },
          { label: 'Limite', stroke: AXIS_TEXT, dash: [4, 4], width: 1, points: { show: false } },
        ],
        axes: [
          {
            stroke: AXIS_TEXT,
            font: FONT,
            grid: { stroke: GRID, width: 1 },
            ticks: { stroke: GRID, width: 1 },
            values: timeLabels,
            size: 44,
          },
          {
            stroke: AXIS_TEXT,
            font: FONT,
            grid: { stroke: GRID, width: 1 },
            ticks: { stroke: GRID, width: 1 },
            size: 44,
          },
        ],
      },
      [starts, normal, over, line] as uPlot.AlignedData,
      element,
    );
    const observer = new ResizeObserver(() => chart.setSize({ width: width(), height }));
    observer.observe(element);
    return () => {
      observer.disconnect();
      chart.destroy();
    };
  }, [starts, totals, height, inicio]);

  const peak = windows.reduce<{ inicio: number; total: number } | null>(
    (best, w) => (best === null || w.total > best.total ? w : best),
    null,
  );
  const description =
    `Alarmes por janela de 10 minutos, ${starts.length} janelas; ` +
    (peak
      ? `maior: ${peak.total} alarmes às ${formatDateTime(peak.inicio)}; `
      : 'nenhum alarme; ') +
    `${flood.length} em inundação (mais de ${ALARM_KPI.floodAbove}).`;

  return (
    <figure style={{ margin: 0 }}>
      <div ref={host} role="img" aria-label={description} />
      <Text component="figcaption" size="xs" c="gray.7" mt={4}>
        {flood.length === 0
          ? `Nenhuma janela em inundação (mais de ${ALARM_KPI.floodAbove} alarmes em 10 min).`
          : `Janelas em inundação: ${flood
              .slice(0, MAX_LISTED)
              .map((w) => `${formatDateTime(w.inicio).slice(0, 16)} (${w.total})`)
              .join(
                ', ',
              )}${flood.length > MAX_LISTED ? ` e mais ${flood.length - MAX_LISTED}` : ''}.`}
      </Text>
    </figure>
  );
}
