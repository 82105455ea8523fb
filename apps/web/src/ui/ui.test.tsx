import { MantineProvider } from '@mantine/core';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ConfirmHost, confirm } from './confirm';
import { DelayedLoader } from './DelayedLoader';
import { EmptyMessage } from './EmptyMessage';
import { PendingBar } from './PendingBar';

afterEach(() => vi.useRealTimers());

describe('shared display pieces (spec 000 §8, §9)', () => {
  it('shows the loading spinner only after 300 ms', () => {
    vi.useFakeTimers();
    render(
      <MantineProvider>
        <DelayedLoader />
      </MantineProvider>,
    );
    act(() => vi.advanceTimersByTime(299));
    expect(screen.queryByRole('status')).toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByRole('status')).toBeInTheDocument();
  });

  it('shows the screen-loading bar only after 300 ms and hides it when done', () => {
    vi.useFakeTimers();
    const { rerender } = render(<PendingBar pending />);
    act(() => vi.advanceTimersByTime(299));
    expect(screen.queryByRole('progressbar')).toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByRole('progressbar')).toBeInTheDocument();
    rerender(<PendingBar pending={false} />);
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it("says 'Nenhum {item} encontrado.' for an empty table", () => {
    render(
      <MantineProvider>
        <EmptyMessage item="sistema" />
      </MantineProvider>,
    );
    expect(screen.getByText('Nenhum sistema encontrado.')).toBeInTheDocument();
  });

  it("asks with header 'Atenção:' and buttons 'Sim'/'Não'", async () => {
    const user = userEvent.setup();
    render(
      <MantineProvider env="test">
        <ConfirmHost />
      </MantineProvider>,
    );
    let answer: Promise<boolean> = Promise.resolve(false);
    act(() => {
      answer = confirm({ message: 'Deseja realizar o comando?' });
    });
    expect(await screen.findByText('Atenção:')).toBeInTheDocument();
    expect(screen.getByText('Deseja realizar o comando?')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Não' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Sim' }));
    await expect(answer).resolves.toBe(true);

    act(() => {
      answer = confirm({ message: 'De novo?' });
    });
    await user.click(await screen.findByRole('button', { name: 'Não' }));
    await expect(answer).resolves.toBe(false);
  });

  it('asks one question at a time, in order, with no second banner and a named close button', async () => {
    const user = userEvent.setup();
    render(
      <MantineProvider env="test">
        <ConfirmHost />
      </MantineProvider>,
    );
    let first: Promise<boolean> = Promise.resolve(false);
    let second: Promise<boolean> = Promise.resolve(true);
    act(() => {
      first = confirm({ message: 'Primeira?' });
      second = confirm({ message: 'Segunda?' });
    });
    expect(await screen.findByText('Primeira?')).toBeInTheDocument();
    expect(screen.queryByText('Segunda?')).toBeNull();
    expect(screen.queryByRole('banner')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Fechar' }));
    await expect(first).resolves.toBe(false);
    expect(await screen.findByText('Segunda?')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Sim' }));
    await expect(second).resolves.toBe(true);
  });
});
