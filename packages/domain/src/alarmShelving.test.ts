import { describe, expect, it } from 'vitest';
import { durationLabel, shelveDurationChoices } from './alarmShelving.js';

describe('shelve durations', () => {
  it('offers the presets inside the limits, and the limits themselves', () => {
    expect(shelveDurationChoices(300, 8 * 3600).map((c) => c.seconds)).toEqual([
      300, 900, 1800, 3600, 7200, 14_400, 28_800,
    ]);
    expect(shelveDurationChoices(20, 3000).map((c) => c.label)).toEqual([
      '20 segundos',
      '30 segundos',
      '5 minutos',
      '15 minutos',
      '30 minutos',
      '50 minutos',
    ]);
  });

  it('reads a duration in pt-BR', () => {
    expect(durationLabel(1)).toBe('1 segundo');
    expect(durationLabel(60)).toBe('1 minuto');
    expect(durationLabel(9000)).toBe('2 horas e 30 minutos');
    expect(durationLabel(8 * 3600)).toBe('8 horas');
  });
});
