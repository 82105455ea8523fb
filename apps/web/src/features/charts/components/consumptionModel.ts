import type { FuelEntryRow, PlantDailyEnergy } from '@vigia/contract';
import { chartYRange, GAS_PREDICTION_WINDOW_MIN, type Period } from '@vigia/domain';
import type { ChartView, LineView } from './chartModel';

const DAY = 86_400;

/** A local day of the SCD: fuel entered, energy generated, and litres per MWh. */
export interface ConsumptionDay {
  /** The day's start (epoch seconds, local midnight). */
  ts: number;
  data: string;
  /** Litres entered for the SCD's sites that day; null when none was entered. */
  litros: number | null;
  kWh: number | null;
  /** Specific consumption, L/MWh: null without fuel or without energy. */
  especifico: number | null;
}

/**
 * The SCD's days: the plant's energy per day (its generators' counters) and
 * the fuel entered for the SCD's sites (the manual consumption), matched by
 * local date.
 */
export function consumptionDays(
  energy: PlantDailyEnergy,
  fuel: readonly FuelEntryRow[],
  scdId: number,
): ConsumptionDay[] {
  const litresByDay = new Map<string, number>();
  for (const entry of fuel) {
    if (entry.scdId !== scdId || entry.consumoLitros === null) continue;
    litresByDay.set(entry.dataRef, (litresByDay.get(entry.dataRef) ?? 0) + entry.consumoLitros);
  }
  return energy.energiaPeriodo.map((day) => {
    const iso = isoOf(day.data);
    const litros = litresByDay.get(iso) ?? null;
    const kWh = typeof day.energia === 'number' ? day.energia : null;
    return {
      ts: day.ts,
      data: day.data,
      litros,
      kWh,
      especifico: litros !== null && kWh !== null && kWh > 0 ? litros / (kWh / 1000) : null,
    };
  });
}

/** 'dd/MM/yyyy' or 'yyyy-MM-dd' → 'yyyy-MM-dd' (fuel entries are keyed by ISO date). */
function isoOf(data: string): string {
  const match = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(data);
  return match ? `${match[3]}-${match[2]}-${match[1]}` : data;
}

const line = (over: Partial<LineView> & Pick<LineView, 'name' | 'label' | 'unit'>): LineView => ({
  color: '#1f77b4',
  decimals: 1,
  dash: undefined,
  scale: 'y0',
  bucketed: false,
  renderer: 'line',
  ...over,
});

function rangeOf(values: readonly (number | null)[]) {
  const present = values.filter((v): v is number => v !== null);
  const max = present.length > 0 ? Math.max(...present) : 1;
  return chartYRange({ min: 0, max: max > 0 ? max : 1 });
}

/**
 * The consumption screen's charts: specific consumption (L/MWh) per day;
 * fuel (bars) with energy (line) per day; and the fuel forecast: the last
 * 10080 minutes' daily fuel and, for the next 10080, their average (spec 001
 * §9 gas prediction window).
 */
export function consumptionViews(days: readonly ConsumptionDay[], period: Period): ChartView[] {
  const times = days.map((d) => d.ts + DAY / 2);
  const especifico = days.map((d) => d.especifico);
  const litros = days.map((d) => d.litros);
  const mwh = days.map((d) => (d.kWh === null ? null : d.kWh / 1000));

  const windowSec = GAS_PREDICTION_WINDOW_MIN * 60;
  const last = days[days.length - 1];
  const recent = days.filter((d) => last && d.ts > last.ts - windowSec && d.litros !== null);
  const average =
    recent.length > 0 ? recent.reduce((sum, d) => sum + (d.litros ?? 0), 0) / recent.length : null;
  const forecastDays =
    last && average !== null
      ? Array.from({ length: GAS_PREDICTION_WINDOW_MIN / 1440 }, (_, i) => last.ts + (i + 1) * DAY)
      : [];
  const pastTimes = recent.map((d) => d.ts + DAY / 2);
  const forecastTimes = forecastDays.map((ts) => ts + DAY / 2);
  const forecastPeriod = {
    inicio: (last?.ts ?? period.fim) + DAY - windowSec,
    fim: (last?.ts ?? period.fim) + DAY + windowSec,
  };

  return [
    {
      id: 1,
      title: 'Consumo Específico (L/MWh)',
      period,
      lines: [line({ name: 'especifico', label: 'Consumo Específico', unit: 'L/MWh' })],
      scales: [{ key: 'y0', unit: 'L/MWh', range: rangeOf(especifico) }],
      bands: [],
      data: [times, especifico],
      empty: especifico.every((v) => v === null),
      annotations: [],
    },
    {
      id: 2,
      title: 'Combustível (L) e Energia (MWh) por dia',
      period,
      lines: [
        line({
          name: 'litros',
          label: 'Combustível',
          unit: 'L',
          color: '#868e96',
          decimals: 0,
          renderer: 'bar',
        }),
        line({ name: 'mwh', label: 'Energia', unit: 'MWh', color: '#2ca02c', scale: 'y1' }),
      ],
      scales: [
        { key: 'y0', unit: 'L', range: rangeOf(litros) },
        { key: 'y1', unit: 'MWh', range: rangeOf(mwh) },
      ],
      bands: [],
      data: [times, litros, mwh],
      empty: litros.every((v) => v === null) && mwh.every((v) => v === null),
      annotations: [],
    },
    {
      id: 3,
      title: 'Previsão de Consumo (L por dia, 7 dias)',
      period: forecastPeriod,
      lines: [
        line({
          name: 'litros',
          label: 'Consumido',
          unit: 'L',
          color: '#868e96',
          decimals: 0,
          renderer: 'bar',
        }),
        line({
          name: 'previsao',
          label: 'Previsão',
          unit: 'L',
          color: '#1f77b4',
          decimals: 0,
          dash: [8, 4],
        }),
      ],
      scales: [
        {
          key: 'y0',
          unit: 'L',
          range: rangeOf([...recent.map((d) => d.litros), average]),
        },
      ],
      bands: [],
      data: [
        [...pastTimes, ...forecastTimes],
        [...recent.map((d) => d.litros), ...forecastTimes.map(() => null)],
        [...recent.map(() => null), ...forecastTimes.map(() => average)],
      ],
      empty: recent.length === 0,
      annotations: [],
    },
  ];
}
