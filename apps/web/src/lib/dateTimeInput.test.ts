import { describe, expect, it } from 'vitest';
import { fromDateTimeInput, toDateTimeInput } from './dateTimeInput';

describe('date-time fields in Brasília time', () => {
  // 2025-03-10 08:30:00 -03:00
  const epoch = Date.UTC(2025, 2, 10, 11, 30) / 1000;

  it('shows epoch seconds as the America/Sao_Paulo wall clock', () => {
    expect(toDateTimeInput(epoch)).toBe('2025-03-10T08:30');
  });

  it('reads a field as America/Sao_Paulo, whatever the browser zone', () => {
    expect(fromDateTimeInput('2025-03-10T08:30')).toBe(epoch);
    expect(fromDateTimeInput('2025-03-10T08:30', 59)).toBe(epoch + 59);
  });

  it('an empty or partial field is no date', () => {
    expect(fromDateTimeInput('')).toBeNull();
    expect(fromDateTimeInput('2025-03-10')).toBeNull();
  });
});
