import { MESSAGES, periodPreset } from '@vigia/domain';
import { describe, expect, it } from 'vitest';
import { activeFilters, filterQuery, historyFilters, periodProblem } from './filters';

const NOW = new Date('2025-03-12T15:00:00-03:00');

describe('occurrence filters (spec 001 §4, §5)', () => {
  it('active lists ask for alarms only, newest first', () => {
    expect(filterQuery(activeFilters(), NOW)).toEqual({
      filtroTexto: undefined,
      orderBy: undefined,
      evento: false,
      alarme: true,
      inicio: undefined,
      fim: undefined,
    });
  });

  it('history defaults to alarms of today from midnight to now', () => {
    const query = filterQuery(historyFilters(NOW), NOW);
    expect(query).toMatchObject({ evento: false, alarme: true, ...periodPreset('hoje', NOW) });
    expect(query.fim).toBe(Math.floor(NOW.getTime() / 1000));
  });

  it('a preset is resolved when the list loads, so "now" moves', () => {
    const filters = historyFilters(NOW);
    const later = new Date(NOW.getTime() + 60_000);
    expect(filterQuery(filters, later).fim).toBe(Math.floor(later.getTime() / 1000));
  });

  it('validates a custom period with the spec messages', () => {
    const custom = (inicio: number, fim: number) => ({
      choice: 'periodo' as const,
      custom: { inicio, fim },
    });
    expect(periodProblem(custom(1000, 500), NOW)).toBe(MESSAGES.endBeforeStart);
    expect(periodProblem(custom(0, 40 * 86_400), NOW)).toBe(MESSAGES.periodTooLong);
    expect(periodProblem(custom(0, 86_400), NOW)).toBeNull();
    expect(periodProblem(historyFilters(NOW).period, NOW)).toBeNull();
  });

  it('sends the text trimmed and the ascending order when asked', () => {
    const filters = {
      ...activeFilters(),
      filtroTexto: '  GMG ',
      sort: { key: 'horaAtivacao', direction: 'asc' as const },
    };
    expect(filterQuery(filters, NOW)).toMatchObject({
      filtroTexto: 'GMG',
      orderBy: 'horaAtivacao asc',
    });
  });
});
