import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MESSAGES } from '@vigia/domain';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stopRefresh } from '../../lib/session/refresh';
import { saveTokens } from '../../lib/session/tokenStore';
import { SessionWiring } from '../App';
import { AppProviders } from '../providers/AppProviders';
import { createQueryClient } from '../providers/queryClient';
import { createRouteObjects } from './router';
import { isMounted, ROUTES } from './routeTable';

type Handler = (url: string, init?: RequestInit) => Response | undefined;

const fetchMock = vi.fn<typeof fetch>();
// The first visit of a lazy route transforms its modules: give navigations time.
const LAZY = { timeout: 10_000 };
let server: Handler = () => undefined;

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

const DEMO_USER = {
  id: 1,
  login: 'demo',
  nome: 'Operador Demo',
  acesso: 0,
  direitos_id: [1],
  administrador: false,
  sistemas: [
    { id: 8, nome: 'Energia Norte', empresa: 'Norte SA', home: null },
    { id: 121, nome: 'Rede Hospitalar', empresa: 'Saúde SA', home: 'geradores' },
  ],
};

function api(user = DEMO_USER): Handler {
  return (url) => {
    if (url === '/oauth/token') {
      return json(200, {
        access_token: 'a',
        refresh_token: 'r',
        expires_in: 300,
        token_type: 'Bearer',
      });
    }
    if (url.startsWith('/api/User/userinfo')) return json(200, user);
    if (url.startsWith('/api/User/listatipos')) {
      return json(200, [{ tipo: 'gerador', total: 4, online: 3, comAlarme: 1 }]);
    }
    return json(404, { error: 'Não encontrado.' });
  };
}

function renderAt(path: string) {
  const queryClient = createQueryClient();
  const router = createMemoryRouter(createRouteObjects(queryClient), { initialEntries: [path] });
  render(
    <AppProviders queryClient={queryClient}>
      <SessionWiring />
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return router;
}

function login() {
  saveTokens({ access_token: 'a', refresh_token: 'r', expires_in: 300, token_type: 'Bearer' });
}

beforeEach(() => {
  server = api();
  fetchMock.mockImplementation(async (input, init) => {
    const url = String(input);
    return server(url, init) ?? json(500, {});
  });
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  stopRefresh();
  fetchMock.mockReset();
  vi.unstubAllGlobals();
});

async function signIn(username: string, password: string) {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText('Usuário', { exact: false }, LAZY), username);
  await user.type(screen.getByLabelText('Senha', { exact: false }), password);
  await user.click(screen.getByRole('button', { name: 'Entrar' }));
}

const WAITING_ROUTE = ROUTES.find((route) => !isMounted(route));

describe('routing and sign-in (spec 000 §2, §4)', { timeout: 20_000 }, () => {
  it('an unknown URL goes to login', async () => {
    const router = renderAt('/nao/existe');
    await screen.findByRole('button', { name: 'Entrar' }, LAZY);
    expect(router.state.location.pathname).toBe('/login/');
  });

  // Skipped once every route of the table has its screen.
  it.skipIf(!WAITING_ROUTE)(
    'a spec route whose screen is not built yet also goes to login',
    async () => {
      login();
      const router = renderAt(`/8/${WAITING_ROUTE?.path.replace(/:[A-Za-z]+/g, '1')}`);
      await screen.findByRole('button', { name: 'Entrar' }, LAZY);
      expect(router.state.location.pathname).toBe('/login/');
    },
  );

  it('a protected screen without a session goes to login and back with its parameters', async () => {
    const router = renderAt('/8/home-cluster?filtro=abc');
    await screen.findByRole('button', { name: 'Entrar' }, LAZY);
    expect(router.state.location.pathname).toBe('/login/');
    expect(new URLSearchParams(router.state.location.search).get('next')).toBe(
      '/8/home-cluster?filtro=abc',
    );
    await signIn('demo', 'demo');
    await waitFor(() => expect(router.state.location.pathname).toBe('/8/home-cluster'), LAZY);
    expect(router.state.location.search).toBe('?filtro=abc');
    expect(localStorage.getItem('vigia.access_token')).toBe('a');
    expect(await screen.findByRole('heading', { name: 'Energia Norte' }, LAZY)).toBeInTheDocument();
  });

  it('sends the password grant as a form with the web client id', async () => {
    renderAt('/login/');
    await signIn('demo', 'segredo');
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    const [, init] = fetchMock.mock.calls.find(([url]) => url === '/oauth/token') ?? [];
    const form = init?.body as URLSearchParams;
    expect(form.get('grant_type')).toBe('password');
    expect(form.get('username')).toBe('demo');
    expect(form.get('password')).toBe('segredo');
    expect(form.get('client_id')).toBe('vigia-web');
  });

  it('a blocked user (403) sees the blocked message', async () => {
    server = (url) =>
      url === '/oauth/token'
        ? json(403, { error: 'access_denied', error_description: MESSAGES.userBlocked })
        : undefined;
    renderAt('/login/');
    await signIn('bloqueado', 'bloqueado');
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.userBlocked);
  });

  it('wrong credentials show the invalid credentials message', async () => {
    server = (url) => (url === '/oauth/token' ? json(400, { error: 'invalid_grant' }) : undefined);
    renderAt('/login/');
    await signIn('demo', 'errada');
    expect(await screen.findByRole('alert')).toHaveTextContent('Usuário ou Senha inválidos!');
  });

  it('after sign-in the customer home lists two or more systems', async () => {
    const router = renderAt('/login/vigia');
    await signIn('demo', 'demo');
    await waitFor(() => expect(router.state.location.pathname).toBe('/0/home-clientes'), LAZY);
    expect(await screen.findByRole('link', { name: 'Energia Norte' }, LAZY)).toHaveAttribute(
      'href',
      '/8/home-cluster',
    );
    expect(screen.getByRole('link', { name: 'Rede Hospitalar' })).toBeInTheDocument();
  });

  it('a user with one system lands directly in it', async () => {
    server = api({
      ...DEMO_USER,
      sistemas: [{ id: 8, nome: 'Energia Norte', empresa: 'Norte SA', home: null }],
    });
    const router = renderAt('/login/');
    await signIn('cliente', 'cliente');
    await waitFor(() => expect(router.state.location.pathname).toBe('/8/home-cluster'), LAZY);
  });

  it('scrolls to the top after every route change (spec 000 §2)', async () => {
    login();
    const router = renderAt('/8/home-cluster');
    await screen.findByText('Dispositivos por tipo', {}, LAZY);
    vi.mocked(window.scrollTo).mockClear();
    await router.navigate('/0/home-clientes');
    await waitFor(() => expect(window.scrollTo).toHaveBeenCalledWith(0, 0), LAZY);
    // The shell stays; the screen inside it changes.
    expect(await screen.findByRole('heading', { name: 'Sistemas' }, LAZY)).toBeInTheDocument();
  });

  it("shows a server's error as a toast (spec 000 §8)", async () => {
    const base = api();
    server = (url, init) =>
      url.startsWith('/api/User/listatipos')
        ? json(400, { error: 'Sistema fora do ar para manutenção.' })
        : base(url, init);
    login();
    renderAt('/8/home-cluster');
    expect(
      await screen.findByText('Sistema fora do ar para manutenção.', {}, LAZY),
    ).toBeInTheDocument();
  });

  it("an 'invalid_token' answer logs out: tokens gone, back to login", async () => {
    const base = api();
    server = (url, init) =>
      url.startsWith('/api/User/userinfo')
        ? json(401, { error: 'invalid_token' })
        : base(url, init);
    login();
    const router = renderAt('/8/home-cluster');
    await waitFor(() => expect(router.state.location.pathname).toMatch(/^\/login\//), LAZY);
    expect(localStorage.getItem('vigia.access_token')).toBeNull();
  });

  it('the login page flag follows the current screen', async () => {
    renderAt('/login/');
    await screen.findByRole('button', { name: 'Entrar' }, LAZY);
    expect(document.documentElement.hasAttribute('data-login-page')).toBe(true);
  });

  it('the cluster home shows the device-type totals', async () => {
    login();
    renderAt('/8/home-cluster');
    const card = (await screen.findByText('Geradores', {}, LAZY)).closest('a, [role="group"]');
    expect(card).toHaveTextContent('4dispositivos3 online1 offline1 com alarme');
    // The card opens the generators list once that screen is mounted.
    if (card?.tagName === 'A') expect(card).toHaveAttribute('href', '/8/geradores');
    expect(screen.getByText('Dispositivos por tipo')).toBeInTheDocument();
  });
});
