import { render, screen } from '@testing-library/react';
import { deviceParams } from '@vigia/domain';
import { describe, expect, it } from 'vitest';
import { deviceRow } from '../../test/fixtures';
import { POWER_OF_NOMINAL } from '../defs/blocks';
import type { LevelSpec } from '../types';
import { LevelBars } from './LevelBars';

const STOCK: LevelSpec = {
  name: 'litros',
  label: 'Estoque / capacidade',
  unit: 'L',
  scale: { kind: 'param', param: 'capacidade' },
};

function bars(params: { nome: string; valor: number }[]) {
  const device = deviceRow({ readings: { kW: 400, litros: 2750 }, params });
  render(
    <LevelBars device={device} items={[POWER_OF_NOMINAL, STOCK]} params={deviceParams(params)} />,
  );
  const item = (name: string) => document.querySelector(`[data-reading="${name}"]`) as HTMLElement;
  return { power: item('kW'), stock: item('litros') };
}

describe('LevelBars against a nominal or a capacity', () => {
  it('with them registered: a bar at the share of each', () => {
    const { power, stock } = bars([
      { nome: 'kwn', valor: 800 },
      { nome: 'capacidade', valor: 5500 },
    ]);
    expect(power.querySelector('[data-percent]')?.getAttribute('data-percent')).toBe('50');
    expect(stock.querySelector('[data-percent]')?.getAttribute('data-percent')).toBe('50');
    expect(screen.queryByText('nominal não cadastrado')).toBeNull();
  });

  it('without them: the value with its unit and a note, no bar of an invented 500 or 5500', () => {
    const { power, stock } = bars([]);
    expect(power).toHaveTextContent('400,00 kW');
    expect(power).toHaveTextContent('nominal não cadastrado');
    expect(power.querySelector('[data-percent]')).toBeNull();
    expect(stock).toHaveTextContent('capacidade não cadastrada');
    expect(stock.querySelector('[data-percent]')).toBeNull();
  });
});
