import { describe, expect, it } from 'vitest';
import { WEEKDAY_NAMES, weekdayName } from './schedule.js';

describe('dia_semana: 0 Monday to 6 Sunday (spec 001 §3)', () => {
  it.each([
    [0, 'Segunda-feira'],
    [4, 'Sexta-feira'],
    [5, 'Sábado'],
    [6, 'Domingo'],
    [7, '--'],
    [-1, '--'],
    [null, '--'],
  ])('%s is %s', (dia, name) => {
    expect(weekdayName(dia)).toBe(name);
  });

  it('has seven days', () => {
    expect(WEEKDAY_NAMES).toHaveLength(7);
  });
});
