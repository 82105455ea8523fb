import { addDays, calendarDateOf, dayNumber, endOfDaySec, startOfDaySec } from './date.js';

/** Spec 001 §3: energy values may arrive as the text '---': that is no value. */
export function energyValue(value: number | string | null | undefined): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value !== 'string') return null;
  const text = value.trim().replace(',', '.');
  if (text === '' || !/^[-+]?(\d+\.?\d*|\.\d+)$/.test(text)) return null;
  return Number(text);
}

/** Mean of the values present; null when none. */
export function averageEnergy(values: readonly (number | null | undefined)[]): number | null {
  const present = values.filter((v): v is number => typeof v === 'number' && Number.isFinite(v));
  if (present.length === 0) return null;
  return present.reduce((sum, v) => sum + v, 0) / present.length;
}

export interface EnergyVariation {
  diferenca: number | null;
  /** Percent of the previous value; null when there is nothing to compare with. */
  diferencaPorcentagem: number | null;
}

/** Energy card difference between this period's and the previous period's averages. */
export function energyVariation(
  energiaMedia: number | null,
  energiaMediaPassada: number | null,
): EnergyVariation {
  if (energiaMedia === null || energiaMediaPassada === null) {
    return { diferenca: null, diferencaPorcentagem: null };
  }
  const diferenca = energiaMedia - energiaMediaPassada;
  const diferencaPorcentagem =
    energiaMediaPassada === 0 ? null : (diferenca / Math.abs(energiaMediaPassada)) * 100;
  return { diferenca, diferencaPorcentagem };
}

/**
 * Energy counters of the fleet (spec 001 §2 "Energy meter … KWH_TOTAL_H";
 * §5 "meter power and energy divided by 1000"): generators, transfer panels
 * and the plant and SCD aggregates count `kWh` in kWh, meters count
 * `KWH_TOTAL_H` in Wh. `scale` turns the counter's unit into kWh.
 */
export const ENERGY_COUNTERS: Readonly<Record<string, { reading: string; scale: number }>> = {
  gerador: { reading: 'kWh', scale: 1 },
  tfr: { reading: 'kWh', scale: 1 },
  medidor: { reading: 'KWH_TOTAL_H', scale: 1 / 1000 },
};

/** Generated energy of a plant, SCD or venue is the sum over its generators; grid energy over its meters. */
export const GENERATED_ENERGY_TYPE = 'gerador';
export const GRID_ENERGY_TYPE = 'medidor';

/**
 * A counter advance is counted only when the previous reading is at most
 * this long before the day starts: energy made across a longer gap cannot
 * be placed on a day, so it is left out rather than put on the day after.
 */
export const COUNTER_LOOKBACK_SEC = 86_400;

/** A local day (America/Sao_Paulo), epoch seconds, both ends inclusive. */
export interface EnergyDay {
  inicio: number;
  fim: number;
}

export interface CounterReading {
  ts: number;
  valor: number;
}

/** Energy values are shown and compared to the Wh (3 decimals of kWh). */
export function roundEnergy(value: number): number {
  return Math.round(value * 1000) / 1000;
}

/**
 * Energy per local day from a cumulative counter's readings (sorted by ts):
 * the sum of the advances between consecutive readings, each on the day of
 * the later reading. A drop (counter reset or replaced) counts nothing and
 * starts a new run, so the runs are summed. A day without any reading is null
 * (shown '---'), never zero. `readings` may start before the first day (the
 * reading before it is the first day's baseline).
 */
export function dailyCounterEnergy(
  readings: readonly CounterReading[],
  days: readonly EnergyDay[],
  scale = 1,
): (number | null)[] {
  return dailyCounterEnergyOf(
    {
      length: readings.length,
      ts: readings.map((r) => r.ts),
      valores: readings.map((r) => r.valor),
    },
    0,
    readings.length,
    days,
    scale,
  );
}

/** A counter's readings as columns (as the store reads them, no object per reading). */
export interface CounterColumns {
  readonly length: number;
  readonly ts: ArrayLike<number>;
  readonly valores: ArrayLike<number>;
}

/** `dailyCounterEnergy` of the readings [from, to) of `columns`, in one pass over them. */
export function dailyCounterEnergyOf(
  columns: CounterColumns,
  from: number,
  to: number,
  days: readonly EnergyDay[],
  scale = 1,
): (number | null)[] {
  const byStart = days
    .map((_, i) => i)
    .sort((a, b) => (days[a] as EnergyDay).inicio - (days[b] as EnergyDay).inicio);
  const sums: (number | null)[] = days.map(() => null);
  // The day holding `ts`: days are few, readings many, so a binary search per reading.
  const dayOf = (ts: number): number => {
    let lo = 0;
    let hi = byStart.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      const day = days[byStart[mid] as number] as EnergyDay;
      if (ts < day.inicio) hi = mid - 1;
      else if (ts > day.fim) lo = mid + 1;
      else return byStart[mid] as number;
    }
    return -1;
  };
  for (let i = from; i < to; i++) {
    const ts = columns.ts[i] as number;
    const d = dayOf(ts);
    if (d < 0) continue;
    const day = days[d] as EnergyDay;
    let sum = sums[d] ?? 0;
    if (i > from && (columns.ts[i - 1] as number) >= day.inicio - COUNTER_LOOKBACK_SEC) {
      const advance = (columns.valores[i] as number) - (columns.valores[i - 1] as number);
      if (advance >= 0) sum += advance;
    }
    sums[d] = sum;
  }
  return sums.map((sum) => (sum === null ? null : roundEnergy(sum * scale)));
}

/** Day by day sum of several series (a day where every series is missing stays null). */
export function sumEnergySeries(
  series: readonly (readonly (number | null)[])[],
): (number | null)[] {
  const length = Math.max(0, ...series.map((s) => s.length));
  return Array.from({ length }, (_, i) => {
    let total: number | null = null;
    for (const s of series) {
      const v = s[i];
      if (typeof v === 'number') total = (total ?? 0) + v;
    }
    return total === null ? null : roundEnergy(total);
  });
}

/** The sum of the days present; null when none is. */
export function totalEnergy(values: readonly (number | null)[]): number | null {
  const present = values.filter((v): v is number => typeof v === 'number');
  return present.length === 0 ? null : roundEnergy(present.reduce((a, b) => a + b, 0));
}

export interface EnergyCardValues extends EnergyVariation {
  energiaTotal: number | null;
  energiaMedia: number | null;
  energiaMediaPassada: number | null;
}

/**
 * Spec 000 §3 Energy card over a period's days against the previous period
 * of equal length: total and daily mean of the days present, the previous
 * period's daily mean, and `energyVariation` of the two means.
 */
export function energyCard(
  days: readonly (number | null)[],
  previousDays: readonly (number | null)[],
): EnergyCardValues {
  const round = (v: number | null) => (v === null ? null : roundEnergy(v));
  const energiaMedia = round(averageEnergy(days));
  const energiaMediaPassada = round(averageEnergy(previousDays));
  const variation = energyVariation(energiaMedia, energiaMediaPassada);
  return {
    energiaTotal: totalEnergy(days),
    energiaMedia,
    energiaMediaPassada,
    diferenca: round(variation.diferenca),
    diferencaPorcentagem:
      variation.diferencaPorcentagem === null
        ? null
        : Math.round(variation.diferencaPorcentagem * 100) / 100,
  };
}

/** The local days a period touches, from its first to its last (America/Sao_Paulo). */
export function energyDays(inicio: number, fim: number): EnergyDay[] {
  const first = calendarDateOf(inicio * 1000);
  const count = dayNumber(calendarDateOf(fim * 1000)) - dayNumber(first) + 1;
  return Array.from({ length: Math.max(0, count) }, (_, i) => {
    const d = addDays(first, i);
    return { inicio: startOfDaySec(d), fim: endOfDaySec(d) };
  });
}

/** The previous period of equal length: as many days, ending the day before `days` starts. */
export function previousEnergyDays(days: readonly EnergyDay[]): EnergyDay[] {
  const first = days[0];
  if (!first) return [];
  const start = addDays(calendarDateOf(first.inicio * 1000), -days.length);
  return energyDays(startOfDaySec(start), first.inicio - 1);
}
