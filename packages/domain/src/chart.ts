/** Spec 001 §9: percent charts show -3 to 105 % … */
export const CHART_Y_RANGE_PERCENT = { min: -3, max: 105 } as const;
/** … while the axis scales inside panels go 0 to 100. */
export const PANEL_AXIS_RANGE_PERCENT = { min: 0, max: 100 } as const;
/** Spec 001 §9: gas prediction charts span 10080 minutes (7 days). */
export const GAS_PREDICTION_WINDOW_MIN = 10_080;
/** Spec 001 §9: overview graph default time, minutes. */
export const OVERVIEW_GRAPH_DEFAULT_MIN = 360;

/** Spec 000 §3 chart line styles. */
export const LINE_STYLES = ['solid', 'dashed', 'dotted'] as const;
export type LineStyle = (typeof LINE_STYLES)[number];

export interface ChartLineScale {
  grandeza?: string | null;
  minimo?: number | null;
  maximo?: number | null;
}

/** Spec 000 §3: lines with the same quantity and range share a scale. */
export function scaleKey(line: ChartLineScale): string {
  const unit = (line.grandeza ?? '').trim().toLowerCase();
  return `${unit}|${line.minimo ?? ''}|${line.maximo ?? ''}`;
}

/** Lines grouped by shared scale, in order of first appearance. */
export function groupLinesByScale<T extends ChartLineScale>(lines: readonly T[]): T[][] {
  const groups = new Map<string, T[]>();
  for (const line of lines) {
    const key = scaleKey(line);
    const group = groups.get(key);
    if (group) group.push(line);
    else groups.set(key, [line]);
  }
  return [...groups.values()];
}
