import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { OccurrenceComment } from '@vigia/contract';
import { MESSAGES } from '@vigia/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { saveTokens } from '../../../lib/session/tokenStore';
import { type Call, fakeServer, json } from '../test/fixtures';
import { renderWithApp } from '../test/renderWithApp';
import { OccurrenceComments } from './OccurrenceComments';

const OCCURRENCE = { id: 42, sisId: 121, deviceId: 1001 };

const comment = (id: number, extra: Partial<OccurrenceComment> = {}): OccurrenceComment => ({
  id,
  idOcorrencia: 42,
  texto: `Comentário ${id}`,
  criadoEm: 1_763_700_000 + id,
  autor: { id: 1, login: 'demo', nome: 'Operador Demo' },
  proprio: true,
  ...extra,
});

beforeEach(() => {
  saveTokens({ access_token: 'a', refresh_token: 'r', expires_in: 300, token_type: 'Bearer' });
});
afterEach(() => vi.unstubAllGlobals());

function serve(initial: OccurrenceComment[], remove: (call: Call) => Response) {
  let comments = initial;
  const server = fakeServer((call) => {
    if (call.method === 'DELETE') {
      const answer = remove(call);
      if (answer.ok) comments = comments.filter((c) => !call.url.pathname.endsWith(`/${c.id}`));
      return answer;
    }
    if (call.method === 'POST') {
      const added = comment(99, { texto: (call.body as { texto: string }).texto });
      comments = [...comments, added];
      return json(201, added);
    }
    return json(200, comments);
  });
  vi.stubGlobal('fetch', server.fetchMock);
  return server;
}

describe('OccurrenceComments (issue 17, spec 001 §8)', () => {
  it('lists author and time, and offers Apagar only on the reader’s own', async () => {
    serve(
      [comment(1), comment(2, { proprio: false, autor: { id: 3, login: 'admin', nome: 'Admin' } })],
      () => json(200, {}),
    );
    renderWithApp(<OccurrenceComments occurrence={OCCURRENCE} />);
    const items = await screen.findAllByTestId('comentario');
    expect(items).toHaveLength(2);
    expect(within(items[0]!).getByText('Operador Demo')).toBeInTheDocument();
    expect(within(items[0]!).getByRole('button', { name: /Apagar/ })).toBeInTheDocument();
    expect(within(items[1]!).queryByRole('button', { name: /Apagar/ })).toBeNull();
  });

  it("asks 'Deseja realmente apagar esse comentário?', deletes and says 'Comentario apagado com sucesso!'", async () => {
    const server = serve([comment(1)], () =>
      json(200, { id: 1, mensagem: MESSAGES.commentDeleted }),
    );
    const user = userEvent.setup();
    renderWithApp(<OccurrenceComments occurrence={OCCURRENCE} />);
    await user.click(await screen.findByRole('button', { name: /Apagar/ }));
    expect(await screen.findByText('Deseja realmente apagar esse comentário?')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Sim' }));
    expect(await screen.findByText('Comentario apagado com sucesso!')).toBeInTheDocument();
    expect(
      server.calls.some(
        (c) => c.method === 'DELETE' && c.url.pathname === '/api/ocorrencias/comentarios/1',
      ),
    ).toBe(true);
    await waitFor(() => expect(screen.queryAllByTestId('comentario')).toHaveLength(0));
    expect(screen.getByText('Nenhum comentário.')).toBeInTheDocument();
  });

  it("a refused deletion says 'Comentario não pode ser apagado'; 'Não' sends nothing", async () => {
    const server = serve([comment(1)], () => json(403, { error: MESSAGES.commentDeleteFailed }));
    const user = userEvent.setup();
    renderWithApp(<OccurrenceComments occurrence={OCCURRENCE} />);
    await user.click(await screen.findByRole('button', { name: /Apagar/ }));
    await user.click(await screen.findByRole('button', { name: 'Não' }));
    expect(server.calls.filter((c) => c.method === 'DELETE')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: /Apagar/ }));
    await user.click(await screen.findByRole('button', { name: 'Sim' }));
    expect(await screen.findByText('Comentario não pode ser apagado')).toBeInTheDocument();
  });

  it('adds a comment, and refuses a blank one without calling the server', async () => {
    const server = serve([], () => json(200, {}));
    const user = userEvent.setup();
    renderWithApp(<OccurrenceComments occurrence={OCCURRENCE} />);
    await screen.findByText('Nenhum comentário.');
    await user.click(screen.getByRole('button', { name: 'Comentar' }));
    expect(await screen.findByText(MESSAGES.commentRequired)).toBeInTheDocument();
    expect(server.calls.filter((c) => c.method === 'POST')).toHaveLength(0);
    await user.type(screen.getByLabelText('Novo comentário'), 'Técnico acionado');
    await user.click(screen.getByRole('button', { name: 'Comentar' }));
    expect(await screen.findByText('Técnico acionado')).toBeInTheDocument();
    expect(server.calls.find((c) => c.method === 'POST')?.body).toEqual({
      texto: 'Técnico acionado',
    });
    expect(screen.getByLabelText('Novo comentário')).toHaveValue('');
  });
});
