import { act, screen } from '@testing-library/react';
import type { EnergyCard } from '@vigia/contract';
import { ENERGY_CARD_DELAY_MS } from '@vigia/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { EnergyCardTile } from './EnergyCardTile';

const DAY = 86_400;
const START = 1_767_236_400; // 2026-01-01 00:00 -03:00
const CARD: EnergyCard = {
  energia: [
    { ts: START, valor: 120.5 },
    { ts: START + DAY, valor: '---' },
    { ts: START + 2 * DAY, valor: 80 },
  ],
  energiaMedia: 100.25,
  energiaMediaPassada: 90,
  energiaTotal: 200.5,
  diferenca: 10.25,
  diferencaPorcentagem: 11.39,
};

describe('energy card', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows its figures at once and draws its chart 600 ms later', () => {
    renderWithProviders(<EnergyCardTile title="Usina A" name="Usina A" card={CARD} />);
    const card = screen.getByRole('article', { name: 'Usina A' });
    expect(card).toHaveTextContent('Total: 200,50 kWh');
    expect(card).toHaveTextContent('Variação: +11,39 %');
    expect(screen.queryByRole('img')).toBeNull();

    act(() => vi.advanceTimersByTime(ENERGY_CARD_DELAY_MS - 1));
    expect(screen.queryByRole('img')).toBeNull();
    act(() => vi.advanceTimersByTime(1));
    const chart = screen.getByRole('img');
    expect(chart).toHaveAccessibleName(
      'Energia por dia de Usina A: 01/01: 120,50 kWh; 02/01: ---; 03/01: 80,00 kWh',
    );
    // The day without readings is a dash at the bottom, the others bars to scale.
    const bars = chart.querySelectorAll('rect');
    expect([...bars].map((b) => b.getAttribute('height'))).toEqual([
      '46',
      '2',
      `${(80 / 120.5) * 46}`,
    ]);
  });
});
