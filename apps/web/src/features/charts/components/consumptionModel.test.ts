import type { FuelEntryRow, PlantDailyEnergy } from '@vigia/contract';
import { describe, expect, it } from 'vitest';
import { consumptionDays, consumptionViews } from './consumptionModel';

const DAY = 86_400;
const T0 = Date.UTC(2026, 10, 1, 3) / 1000; // 01/11/2026 00:00 in Brasília

const energy = (values: (number | '---')[]): PlantDailyEnergy =>
  ({
    id: 1,
    nome: 'Usina',
    uf: 'MT',
    inicio: T0,
    fim: T0 + values.length * DAY - 1,
    energiaTotalUsina: null,
    energiaTotalRede: null,
    energiaPorScd: [],
    energiaPeriodo: values.map((energia, i) => ({
      ts: T0 + i * DAY,
      data: `0${i + 1}/11/2026`,
      energia,
      energiaTotalRede: '---',
    })),
  }) as unknown as PlantDailyEnergy;

const entry = (dataRef: string, scdId: number, consumoLitros: number | null) =>
  ({ dataRef, scdId, consumoLitros }) as FuelEntryRow;

describe('specific consumption', () => {
  it("sums the SCD's fuel per day and divides by the day's MWh", () => {
    const days = consumptionDays(
      energy([20_000, 10_000, '---']),
      [
        entry('2026-11-01', 7, 3000),
        entry('2026-11-01', 7, 1000),
        entry('2026-11-01', 8, 9999),
        entry('2026-11-02', 7, null),
        entry('2026-11-03', 7, 500),
      ],
      7,
    );
    expect(days.map((d) => [d.litros, d.kWh, d.especifico])).toEqual([
      [4000, 20_000, 200],
      [null, 10_000, null],
      [500, null, null],
    ]);
  });

  it('draws fuel as bars beside the energy line, and forecasts the next 7 days at the average', () => {
    const days = consumptionDays(
      energy([10_000, 10_000]),
      [entry('2026-11-01', 7, 1000), entry('2026-11-02', 7, 3000)],
      7,
    );
    const [especifico, daily, forecast] = consumptionViews(days, { inicio: T0, fim: T0 + 2 * DAY });
    expect(especifico?.data[1]).toEqual([100, 300]);
    expect(daily?.lines.map((l) => [l.renderer, l.scale])).toEqual([
      ['bar', 'y0'],
      ['line', 'y1'],
    ]);
    expect(forecast?.data[0]).toHaveLength(2 + 7);
    expect(forecast?.data[2]?.slice(2)).toEqual(Array(7).fill(2000));
    expect((forecast?.period.fim ?? 0) - (forecast?.period.inicio ?? 0)).toBe(2 * 10_080 * 60);
  });
});
