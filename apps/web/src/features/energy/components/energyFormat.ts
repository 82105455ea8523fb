import type { DayEnergy } from '@vigia/contract';
import { energyValue, formatNumber, type Tone } from '@vigia/domain';

/** kWh with two decimals and thousands grouping; '---' when missing. */
export function formatKwh(value: DayEnergy | number | null | undefined): string {
  const n = energyValue(value ?? null);
  return n === null ? '---' : `${formatNumber(n, 2, { grouping: true })} kWh`;
}

/** The card's variation: signed percent with two decimals; '---' when there is nothing to compare. */
export function formatVariation(percent: number | null): string {
  if (percent === null) return '---';
  return `${percent > 0 ? '+' : ''}${formatNumber(percent, 2)} %`;
}

export function variationTone(percent: number | null): Tone {
  if (percent === null || percent === 0) return 'neutral';
  return percent > 0 ? 'good' : 'bad';
}

/** An Excel cell of a day's energy: the number, or the text '---'. */
export function excelEnergy(value: DayEnergy | number | null): number | string {
  return energyValue(value ?? null) ?? '---';
}
