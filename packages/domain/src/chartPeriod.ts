import {
  CUSTOM_PERIOD_LABEL,
  chartDefaultWindow,
  PERIOD_PRESET_LABELS,
  type Period,
  periodPreset,
} from './period.js';

/**
 * Spec 000 §9 "Chart time defaults" (the last 24 hours) and spec 001 §9
 * "chart periods last month, last week, last 7 and 30 days", plus the custom
 * 'Período'.
 */
export type ChartPeriodChoice =
  | 'ultimas24Horas'
  | 'ultimos7Dias'
  | 'ultimos30Dias'
  | 'semanaPassada'
  | 'mesPassado'
  | 'periodo';

export const CHART_PERIOD_DEFAULT: ChartPeriodChoice = 'ultimas24Horas';

export const CHART_PERIOD_OPTIONS: readonly { value: ChartPeriodChoice; label: string }[] = [
  { value: 'ultimas24Horas', label: 'Últimas 24 horas' },
  { value: 'ultimos7Dias', label: PERIOD_PRESET_LABELS.ultimos7Dias },
  { value: 'ultimos30Dias', label: PERIOD_PRESET_LABELS.ultimos30Dias },
  { value: 'semanaPassada', label: PERIOD_PRESET_LABELS.semanaPassada },
  { value: 'mesPassado', label: PERIOD_PRESET_LABELS.mesPassado },
  { value: 'periodo', label: CUSTOM_PERIOD_LABEL },
];

export function isChartPeriodChoice(value: unknown): value is ChartPeriodChoice {
  return CHART_PERIOD_OPTIONS.some((option) => option.value === value);
}

/**
 * Spec 001 §9 "fixed-window charts refresh each minute": the windows that end
 * now move with the clock; past weeks and months and a custom period do not.
 */
export function isRollingChartPeriod(choice: ChartPeriodChoice): boolean {
  return choice === 'ultimas24Horas' || choice === 'ultimos7Dias' || choice === 'ultimos30Dias';
}

/** The period a choice stands for at `now`; `custom` is the 'Período' entered. */
export function chartPeriod(choice: ChartPeriodChoice, now: Date, custom: Period): Period {
  switch (choice) {
    case 'ultimas24Horas':
      return chartDefaultWindow(now);
    case 'periodo':
      return custom;
    default:
      return periodPreset(choice, now);
  }
}

/**
 * The period a chart opens with from its preset's `tempoDefault` (minutes):
 * a week for the gas prediction charts (spec 001 §9, 10080 min), a month for
 * 30 days or more, else the last 24 hours (spec 000 §9).
 */
export function chartPeriodForMinutes(minutes: number | null | undefined): ChartPeriodChoice {
  if (!minutes || minutes <= 1440) return CHART_PERIOD_DEFAULT;
  return minutes >= 30 * 1440 ? 'ultimos30Dias' : 'ultimos7Dias';
}
