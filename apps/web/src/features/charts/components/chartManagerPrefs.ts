import { readStored, writeStored } from '../../../lib/storage';
import type { ChartPreset } from '../api/get-chart-presets';
import { orderPlantSeries, type PlantGraphOrder } from './chartModel';

/**
 * The chart manager's choice for a device, kept in the browser: which chart
 * presets it shows and in which order, and per chart which pens (lines, by
 * their index in the preset). The call catalogue has no call that writes chart
 * configuration, so the choice is the user's, on this browser.
 */
export interface ChartManagerPrefs {
  charts: PlantGraphOrder;
  pens: Record<string, PlantGraphOrder>;
}

const EMPTY: ChartManagerPrefs = { charts: { order: [], hidden: [] }, pens: {} };
const key = (siteId: number) => `gerenciador.${siteId}`;

const ids = (value: unknown): number[] =>
  Array.isArray(value) ? value.filter((v): v is number => Number.isInteger(v)) : [];
const order = (value: unknown): PlantGraphOrder => {
  const v = (value ?? {}) as Partial<PlantGraphOrder>;
  return { order: ids(v.order), hidden: ids(v.hidden) };
};

export function readChartManagerPrefs(siteId: number): ChartManagerPrefs {
  try {
    const parsed = JSON.parse(readStored(key(siteId)) ?? '{}') as Partial<ChartManagerPrefs>;
    const pens = Object.fromEntries(
      Object.entries(parsed.pens ?? {}).map(([id, value]) => [id, order(value)]),
    );
    return { charts: order(parsed.charts), pens };
  } catch {
    return EMPTY;
  }
}

export function writeChartManagerPrefs(siteId: number, prefs: ChartManagerPrefs): void {
  writeStored(key(siteId), JSON.stringify(prefs));
}

/** The presets as the manager shows them: chosen ones, in order, each with its chosen pens. */
export function arrangePresets(presets: readonly ChartPreset[], prefs: ChartManagerPrefs) {
  const charts = orderPlantSeries(
    presets.map((p) => ({ ...p, idDispositivo: p.idGraphical })),
    prefs.charts,
  );
  return charts.flatMap(({ idDispositivo: _, ...preset }) => {
    const penPrefs = prefs.pens[String(preset.idGraphical)];
    if (!penPrefs) return [preset];
    const lines = orderPlantSeries(
      preset.lines.map((line, index) => ({ line, idDispositivo: index })),
      penPrefs,
    ).map(({ line }) => line);
    return lines.length > 0 ? [{ ...preset, lines }] : [];
  });
}
