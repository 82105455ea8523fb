import { render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { deviceRow, NOW_SEC } from '../test/fixtures';
import { SingleLineDiagram } from './SingleLineDiagram';

const running = { statusGMG: 64, chaveGrupo: 16384, kW: 300 };
const place = [
  deviceRow({ id: 1, patrimonio: 'GMG1', readings: running }),
  deviceRow({ id: 2, patrimonio: 'GMG2', readings: running }),
  deviceRow({
    id: 3,
    patrimonio: 'GMG3',
    ts: NOW_SEC - 2 * 86400,
    resumoComunicacao: '>1 dia offline',
    readings: running,
  }),
  deviceRow({ id: 4, tipo: 'qta', patrimonio: 'QTA1', readings: { statusRede: 0 } }),
];

function draw() {
  return render(
    <SingleLineDiagram
      title="UTE Uberlândia"
      spec={{ kind: 'singleLine', mains: 'auto' }}
      view={{ device: null, peers: place, params: {} as never, nowSec: NOW_SEC }}
    />,
  );
}

describe('SingleLineDiagram', () => {
  afterEach(() => vi.restoreAllMocks());

  it('draws the three generators of a place, the silent one not as current', () => {
    const { container } = draw();
    const svg = screen.getByTestId('single-line-diagram');
    const sources = [...svg.querySelectorAll('[data-source]')];
    expect(sources.map((g) => g.getAttribute('data-source'))).toEqual(['GMG1', 'GMG2', 'GMG3']);
    const quality = (g: Element | undefined) =>
      g?.querySelector('[data-quality]')?.getAttribute('data-quality');
    expect(sources.map(quality)).toEqual(['online', 'online', 'not-current']);
    expect(sources[2]?.querySelector('title')?.textContent).toMatch(
      /^SEM COMUNICAÇÃO · última leitura/,
    );
    expect(container.querySelector('[data-testid="single-line-table"]')).toBeNull();
  });

  it('gives way to its table where its text would be drawn under 11 px', () => {
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(358);
    draw();
    expect(screen.queryByTestId('single-line-diagram')).toBeNull();
    const table = screen.getByTestId('single-line-table');
    const captions = within(table)
      .getAllByRole('table')
      .map((t) => t.querySelector('caption')?.textContent);
    expect(captions).toEqual(['GMG1', 'GMG2', 'GMG3', 'Rede da concessionária']);
    const gmg3 = within(table).getAllByRole('table')[2] as HTMLElement;
    expect(within(gmg3).getByRole('row', { name: /Comunicação/ })).toHaveTextContent(
      'SEM COMUNICAÇÃO',
    );
    const power = within(gmg3).getByRole('row', { name: /Potência/ });
    expect(power.querySelector('[data-quality="offline"]')).toHaveTextContent('300,00 kW');
    expect(within(gmg3).getByRole('row', { name: /Disjuntor/ })).toHaveTextContent('Fechada');
  });
});
