import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Sistema } from '@vigia/contract';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { filterSystems } from './filterSystems';
import { SystemsTable } from './SystemsTable';

const SISTEMAS: Sistema[] = Array.from({ length: 12 }, (_, i) => ({
  id: 100 + i,
  nome: i === 3 ? 'Usinas São João' : `Sistema ${i}`,
  empresa: i === 3 ? 'Energia Sertão' : 'Empresa',
  home: null,
}));

describe('client-systems list', () => {
  it('finds by name, company or id, ignoring case and accents', () => {
    expect(filterSystems(SISTEMAS, 'sao joao').map((s) => s.id)).toEqual([103]);
    expect(filterSystems(SISTEMAS, 'SERTAO').map((s) => s.id)).toEqual([103]);
    expect(filterSystems(SISTEMAS, '110').map((s) => s.id)).toEqual([110]);
    expect(filterSystems(SISTEMAS, '  ')).toHaveLength(12);
  });

  it('shows 10 per page, each system a link to where it opens', async () => {
    renderWithProviders(<SystemsTable sistemas={SISTEMAS} />);
    expect(await screen.findAllByRole('link')).toHaveLength(10);
    expect(screen.getByRole('link', { name: 'Sistema 0' })).toHaveAttribute(
      'href',
      '/100/home-cluster',
    );
    await userEvent.setup().click(screen.getByRole('button', { name: 'Página 2' }));
    expect(screen.getAllByRole('link')).toHaveLength(2);
  });

  it("says 'Nenhum sistema encontrado.' when the search leaves none", async () => {
    renderWithProviders(<SystemsTable sistemas={SISTEMAS} />);
    await userEvent.setup().type(await screen.findByLabelText('Buscar sistema'), 'inexistente');
    expect(screen.getByText('Nenhum sistema encontrado.')).toBeInTheDocument();
    expect(screen.queryAllByRole('link')).toHaveLength(0);
  });

  it('Enter on a search that leaves one system opens it', async () => {
    const { router } = renderWithProviders(<SystemsTable sistemas={SISTEMAS} />);
    await userEvent.setup().type(await screen.findByLabelText('Buscar sistema'), 'sertao{Enter}');
    expect(router.state.location.pathname).toBe('/103/home-cluster');
  });
});
