import {
  formatNumber,
  fuelLevelDisplay,
  generatorReadingDisplay,
  meterDisplayValue,
  readingDecimals,
} from '@vigia/domain';
import type { ValueFormat } from './types';

/** A reading written by the panel's format (rules and placeholders from packages/domain). */
export function formatValue(
  name: string,
  value: number | null,
  format: ValueFormat = 'reading',
  decimals?: number,
): string {
  const digits = decimals ?? readingDecimals(name);
  switch (format) {
    case 'generator':
      return generatorReadingDisplay(value, digits);
    case 'meter':
      return formatNumber(meterDisplayValue(name, value), digits);
    case 'fuel':
      return fuelLevelDisplay(value, decimals ?? 2);
    case 'integer':
      return formatNumber(value, 0);
    case 'reading':
      return formatNumber(value, digits);
  }
}
