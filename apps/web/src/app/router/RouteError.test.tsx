import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../providers/AppProviders';
import { createQueryClient } from '../providers/queryClient';
import { isStaleBuildError, ROUTE_ERROR_TEXTS, RouteError } from './RouteError';

afterEach(() => vi.restoreAllMocks());

const NoFallback = () => null;

function renderFailing(failure: () => never, reload = vi.fn()) {
  vi.spyOn(console, 'error').mockImplementation(() => {});
  const router = createMemoryRouter(
    [
      {
        path: '/tela',
        errorElement: <RouteError reload={reload} />,
        HydrateFallback: NoFallback,
        lazy: async () => failure(),
      },
    ],
    { initialEntries: ['/tela'] },
  );
  render(
    <AppProviders queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return reload;
}

describe('a screen that cannot open', () => {
  it("a screen's code gone after a new build says so in pt-BR and reloads on request", async () => {
    const reload = renderFailing(() => {
      throw new TypeError('Failed to fetch dynamically imported module: /assets/Tela-abc.js');
    });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(ROUTE_ERROR_TEXTS.newVersionTitle);
    expect(alert).not.toHaveTextContent('Unexpected Application Error');
    await userEvent.click(screen.getByRole('button', { name: ROUTE_ERROR_TEXTS.reload }));
    expect(reload).toHaveBeenCalledOnce();
  });

  it('any other failure says the screen could not open, never a blank page', async () => {
    renderFailing(() => {
      throw new Error('boom');
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(ROUTE_ERROR_TEXTS.failedTitle);
  });

  it('tells a stale build from other errors', () => {
    expect(isStaleBuildError(new TypeError('error loading dynamically imported module'))).toBe(
      true,
    );
    expect(isStaleBuildError(new Error('Importing a module script failed.'))).toBe(true);
    expect(isStaleBuildError(new Error('Cannot read properties of undefined'))).toBe(false);
  });
});
