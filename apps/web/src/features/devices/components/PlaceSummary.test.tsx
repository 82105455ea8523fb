import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { PlaceSummary } from './PlaceSummary';

const totals = {
  dispositivos: 5,
  online: 5,
  alarmTreeMapValue: 0,
  geradores: 3,
  geradoresLigados: 2,
  potenciaAtual: 710,
};

describe('PlaceSummary: power against the place nominal', () => {
  it('the sum of the generators’ nominals when all are registered', () => {
    renderWithProviders(<PlaceSummary totals={{ ...totals, potenciaNominal: 900 }} />);
    expect(screen.getByText(/GMG ON/)).toHaveTextContent('2/3 GMG ON · 710 de 900 kW');
  });

  it('without a registered nominal: the power with its unit and the note, no invented total', () => {
    renderWithProviders(<PlaceSummary totals={{ ...totals, potenciaNominal: null }} />);
    expect(screen.getByText(/GMG ON/)).toHaveTextContent(
      '2/3 GMG ON · 710 kW (nominal não cadastrado)',
    );
  });
});
