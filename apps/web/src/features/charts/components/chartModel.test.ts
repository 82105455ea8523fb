import type { ChartLine, ChartPen } from '@vigia/contract';
import { describe, expect, it } from 'vitest';
import type { ChartPreset } from '../api/get-chart-presets';
import { axisDecimals, bucketLabel, formatDateMinute, formatValue } from './chartFormat';
import { chartView, lineSummaries, penNames } from './chartModel';

const line = (tagNome: string, over: Partial<ChartLine> = {}): ChartLine => ({
  idTag: 1,
  tagNome,
  nome: tagNome,
  grandeza: '%',
  cor: '#1f77b4',
  casaDecimal: 2,
  maximo: 100,
  minimo: 0,
  lineStyle: 'solid',
  renderer: 'line',
  tipo: null,
  scale: null,
  ...over,
});

const pen = (nome: string, serie: ChartPen['serie'], over: Partial<ChartPen> = {}): ChartPen => ({
  id: 1,
  nome,
  apelido: nome,
  unidade: '%',
  scaleMin: null,
  scaleMax: null,
  agrupamento: null,
  serie,
  ultimo: null,
  ...over,
});

const preset = (lines: ChartLine[]): ChartPreset => ({
  idGraphical: 7,
  nome: 'nivel',
  tempoDefault: 1440,
  lines,
});
const PERIOD = { inicio: 0, fim: 600 };

describe('chart view', () => {
  it('Chart Y range -3 to 105 percent for a 0–100 % line', () => {
    const view = chartView(
      preset([line('nivel', { nome: 'Nível' })]),
      [
        pen('nivel', [
          { ts: 60, valor: 40, qos: 0 },
          { ts: 120, valor: 41.5, qos: 0 },
        ]),
      ],
      PERIOD,
    );
    expect(view.title).toBe('Nível (%)');
    expect(view.scales).toEqual([{ key: 'y0', unit: '%', range: { min: -3, max: 105 } }]);
    expect(view.data).toEqual([
      [60, 120],
      [40, 41.5],
    ]);
    expect(view.empty).toBe(false);
    expect(view.period).toBe(PERIOD);
  });

  it('lines with the same quantity and range share a scale; others get their own', () => {
    const view = chartView(
      preset([line('a'), line('b'), line('c', { grandeza: '°C', maximo: 60 })]),
      [],
      PERIOD,
    );
    expect(view.lines.map((l) => l.scale)).toEqual(['y0', 'y0', 'y1']);
    expect(view.title).toBe('a, b, c');
    expect(view.empty).toBe(true);
  });

  it("a device's own tag scale (a tank's capacity) wins over the preset's", () => {
    const view = chartView(
      preset([line('litros', { grandeza: 'L', maximo: 20_000 })]),
      [pen('litros', [{ ts: 60, valor: 200, qos: 0 }], { scaleMin: 0, scaleMax: 250 })],
      PERIOD,
    );
    expect(view.scales[0]?.range).toEqual({ min: -7.5, max: 262.5 });
  });

  it('aligns lines on the union of their times and bands bucketed lines min to max', () => {
    const view = chartView(
      preset([line('a', { lineStyle: 'dashed' }), line('b')]),
      [
        pen('a', [{ ts: 0, valor: 2, qos: 0, minimo: 1, maximo: 3 }], { agrupamento: 300 }),
        pen('b', [{ ts: 300, valor: 5, qos: 0 }]),
      ],
      PERIOD,
    );
    expect(view.data).toEqual([
      [0, 300],
      [2, null],
      [null, 5],
      [3, null],
      [1, null],
    ]);
    expect(view.bands).toEqual([{ line: 1, max: 3, min: 4 }]);
    expect(view.lines[0]).toMatchObject({ bucketed: true, dash: [8, 4] });
  });

  it('summarises each line: newest reading, minimum and maximum (bucket extremes included)', () => {
    const presets = [preset([line('a', { nome: 'A' }), line('b', { nome: 'B' })])];
    const summaries = lineSummaries(presets, [
      pen(
        'a',
        [
          { ts: 0, valor: 2, qos: 0, minimo: 1, maximo: 3 },
          { ts: 300, valor: 4, qos: 0, minimo: 3.5, maximo: 9 },
        ],
        { agrupamento: 300, ultimo: { ts: 420, valor: 5 } },
      ),
    ]);
    expect(summaries).toEqual([
      { label: 'A', unit: '%', decimals: 2, latest: { ts: 420, valor: 5 }, min: 1, max: 9 },
      { label: 'B', unit: '%', decimals: 2, latest: null, min: null, max: null },
    ]);
    expect(penNames([...presets, preset([line('a')])])).toEqual(['a', 'b']);
  });
});

describe('chart formats', () => {
  it('dates dd/MM/yyyy HH:mm in Brasília time, values with comma decimals and unit', () => {
    expect(formatDateMinute(Date.UTC(2024, 4, 15, 15, 7) / 1000)).toBe('15/05/2024 12:07');
    expect(formatDateMinute(null)).toBe('---');
    expect(formatValue(1234.5, 1, 'L')).toBe('1.234,5 L');
    expect(formatValue(null, 1, 'L')).toBe('---');
    expect(bucketLabel(300)).toBe('5 min');
    expect(bucketLabel(7200)).toBe('2 h');
    expect(axisDecimals(0.5)).toBe(1);
    expect(axisDecimals(0.25)).toBe(2);
    expect(axisDecimals(2.5)).toBe(1);
    expect(axisDecimals(20)).toBe(0);
  });
});
