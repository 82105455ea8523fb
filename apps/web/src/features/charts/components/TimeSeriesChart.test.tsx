import { MantineProvider } from '@mantine/core';
import { render, screen, within } from '@testing-library/react';
import type { ChartLine, ChartPen } from '@vigia/contract';
import { describe, expect, it } from 'vitest';
import type { ChartPreset } from '../api/get-chart-presets';
import { ChartLegend } from './ChartLegend';
import { chartView } from './chartModel';
import { chartOptions } from './TimeSeriesChart';

const line = (tagNome: string, nome: string, grandeza: string, over: Partial<ChartLine> = {}) =>
  ({
    idTag: 1,
    tagNome,
    nome,
    grandeza,
    cor: '#1f77b4',
    casaDecimal: 1,
    maximo: 1000,
    minimo: 0,
    lineStyle: 'solid',
    renderer: 'line',
    tipo: null,
    scale: null,
    ...over,
  }) satisfies ChartLine;

const pen = (nome: string): ChartPen => ({
  id: 1,
  nome,
  apelido: nome,
  unidade: '',
  scaleMin: null,
  scaleMax: null,
  agrupamento: null,
  serie: [{ ts: 60, valor: 10, qos: 0 }],
  ultimo: null,
});

// The generator's 'Potência Ativa, Potência Aparente, Carga' preset, with a second kW line.
const LINES = [
  line('kW', 'Potência Ativa', 'kW', { cor: '#1971c2' }),
  line('kVA', 'Potência Aparente', 'kVA', { cor: '#e8590c', lineStyle: 'dashed' }),
  line('LoadSpeed', 'Carga', '%', { cor: '#2f9e44', maximo: 100 }),
  line('kWRef', 'Potência Nominal', 'kW', { cor: '#862e9c' }),
];
const preset: ChartPreset = { idGraphical: 3, nome: 'potencia', tempoDefault: 1440, lines: LINES };
const view = chartView(
  preset,
  LINES.map((l) => pen(l.tagNome)),
  { inicio: 0, fim: 600 },
);

describe('a chart with several lines', () => {
  it('labels each value axis with its unit; the lines of one unit and range share one axis', () => {
    const options = chartOptions(view, 800, 200, 'k', () => {});
    const valueAxes = (options.axes ?? []).slice(1);
    expect(valueAxes.map((axis) => axis.label)).toEqual(['kW', 'kVA', '%']);
    const scaleOf = Object.fromEntries(view.lines.map((l) => [l.label, l.scale]));
    expect(scaleOf['Potência Nominal']).toBe(scaleOf['Potência Ativa']);
    expect(new Set(Object.values(scaleOf)).size).toBe(3);
    expect(valueAxes.map((axis) => axis.scale)).toEqual(view.scales.map((s) => s.key));
  });

  it('shows a legend with each line’s colour, stroke, name and unit without hovering', () => {
    render(
      <MantineProvider>
        <ChartLegend lines={view.lines} />
      </MantineProvider>,
    );
    const legend = screen.getByRole('list', { name: 'Legenda' });
    const items = within(legend).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'Potência Ativa (kW)',
      'Potência Aparente (kVA)',
      'Carga (%)',
      'Potência Nominal (kW)',
    ]);
    const strokes = items.map((item) => item.querySelector('line'));
    expect(strokes.map((s) => s?.getAttribute('stroke'))).toEqual([
      '#1971c2',
      '#e8590c',
      '#2f9e44',
      '#862e9c',
    ]);
    expect(strokes[1]?.getAttribute('stroke-dasharray')).toBe('8 4');
    expect(strokes[0]?.getAttribute('stroke-dasharray')).toBeNull();
  });

  it('a chart of one line has no legend: its title names it and its unit', () => {
    const [first] = view.lines;
    if (!first) throw new Error('sem linhas');
    const { container } = render(
      <MantineProvider>
        <ChartLegend lines={[first]} />
      </MantineProvider>,
    );
    expect(container.querySelector('ul')).toBeNull();
  });
});
