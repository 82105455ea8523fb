import { describe, expect, it } from 'vitest';
import {
  CHART_Y_RANGE_PERCENT,
  GAS_PREDICTION_WINDOW_MIN,
  groupLinesByScale,
  LINE_STYLES,
  OVERVIEW_GRAPH_DEFAULT_MIN,
  PANEL_AXIS_RANGE_PERCENT,
  scaleKey,
} from './chart.js';

describe('chart constants', () => {
  it('Chart Y range -3 to 105 percent (axis scales 0 to 100 in panels)', () => {
    expect(CHART_Y_RANGE_PERCENT).toEqual({ min: -3, max: 105 });
    expect(PANEL_AXIS_RANGE_PERCENT).toEqual({ min: 0, max: 100 });
  });

  it('Gas prediction charts 10080 minutes; overview graph default time 360', () => {
    expect(GAS_PREDICTION_WINDOW_MIN).toBe(10_080);
    expect(OVERVIEW_GRAPH_DEFAULT_MIN).toBe(360);
    expect(LINE_STYLES).toEqual(['solid', 'dashed', 'dotted']);
  });
});

describe('Lines with the same quantity and range share a scale', () => {
  it('the same unit and range give the same key, whatever the case of the unit', () => {
    expect(scaleKey({ grandeza: 'kW', minimo: 0, maximo: 500 })).toBe(
      scaleKey({ grandeza: 'KW', minimo: 0, maximo: 500 }),
    );
    expect(scaleKey({ grandeza: 'kW', minimo: 0, maximo: 500 })).not.toBe(
      scaleKey({ grandeza: 'kW', minimo: 0, maximo: 1000 }),
    );
    expect(scaleKey({})).toBe('||');
  });

  it('groups in order of first appearance', () => {
    const lines = [
      { nome: 'kW', grandeza: 'kW', minimo: 0, maximo: 500 },
      { nome: 'Va', grandeza: 'V', minimo: 0, maximo: 500 },
      { nome: 'kVA', grandeza: 'kW', minimo: 0, maximo: 500 },
    ];
    expect(groupLinesByScale(lines).map((g) => g.map((l) => l.nome))).toEqual([
      ['kW', 'kVA'],
      ['Va'],
    ]);
  });
});
