import { chartDefaultWindow, chartPeriodForMinutes, validatePeriodSec } from '@vigia/domain';
import { useMemo, useState } from 'react';
import type { ChartPeriodValue } from './ChartPeriodFields';

/**
 * The period a chart screen shows: the preset's default time (a week for the
 * gas prediction charts, spec 001 §9) until the user picks one, and its
 * validation message for a custom 'Periodo' (nothing loads while invalid).
 */
export function useChartPeriod(defaultMinutes: number | null | undefined) {
  const [chosen, setPeriod] = useState<ChartPeriodValue | null>(null);
  const [initialCustom] = useState(() => chartDefaultWindow(new Date()));
  const choice = chartPeriodForMinutes(defaultMinutes);
  const fallback = useMemo(() => ({ choice, custom: initialCustom }), [choice, initialCustom]);
  const period: ChartPeriodValue = chosen ?? fallback;
  const problem =
    period.choice === 'periodo' ? validatePeriodSec(period.custom.inicio, period.custom.fim) : null;
  return { period, setPeriod, problem };
}
