import { MantineProvider } from '@mantine/core';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ListTable, type ListTableProps } from './ListTable';
import type { ListColumn, SortState } from './types';
import { columnChoiceKey } from './useColumnChoice';

interface Row {
  id: number;
  nome: string;
  valor: number;
  ts: string;
  site: string;
}

const COLUMNS: ListColumn<Row>[] = [
  { key: 'nome', header: 'Nome', cell: (r) => r.nome },
  { key: 'valor', header: 'Valor', kind: 'number', cell: (r) => String(r.valor) },
  { key: 'ts', header: 'Data', kind: 'date', sortable: true, cell: (r) => r.ts },
  { key: 'site', header: 'Site', category: 'site', cell: (r) => r.site },
];

function makeRows(n: number): Row[] {
  return Array.from({ length: n }, (_, i) => ({
    id: i + 1,
    nome: `Linha ${i + 1}`,
    valor: i,
    ts: `0${i % 10}/01/2025`,
    site: `Site ${i}`,
  }));
}

// jsdom has no layout: the virtualiser and the scroll report read these.
const VIEWPORT = 360;
const ROW = 36;
let scrollHeight = 0;
const originals = {
  clientHeight: Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'clientHeight'),
  clientWidth: Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'clientWidth'),
  scrollHeight: Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'scrollHeight'),
};

beforeEach(() => {
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', {
    configurable: true,
    get: () => VIEWPORT,
  });
  Object.defineProperty(HTMLElement.prototype, 'clientWidth', {
    configurable: true,
    get: () => 1000,
  });
  Object.defineProperty(HTMLElement.prototype, 'scrollHeight', {
    configurable: true,
    get: () => scrollHeight,
  });
});

afterEach(() => {
  for (const [name, descriptor] of Object.entries(originals)) {
    if (descriptor) Object.defineProperty(HTMLElement.prototype, name, descriptor);
  }
  window.innerWidth = 1024;
});

function renderTable(props: Partial<ListTableProps<Row>> = {}) {
  const rows = props.rows ?? makeRows(20);
  scrollHeight = rows.length * ROW + 40;
  return render(
    <MantineProvider env="test">
      <ListTable<Row>
        id="teste"
        label="Tabela de teste"
        columns={COLUMNS}
        rows={rows}
        getRowId={(r) => r.id}
        item="registro"
        rowHeight={ROW}
        {...props}
      />
    </MantineProvider>,
  );
}

function bodyRows(): HTMLElement[] {
  return screen.getAllByRole('row').filter((row) => row.hasAttribute('data-index'));
}

function Selectable() {
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const rows = makeRows(5);
  return (
    <MantineProvider env="test">
      <ListTable<Row>
        id="sel"
        label="Seleção"
        columns={COLUMNS}
        rows={rows}
        getRowId={(r) => r.id}
        item="registro"
        selection={{
          isSelected: (r) => selected.has(r.id),
          onToggle: (r) =>
            setSelected((s) => {
              const next = new Set(s);
              if (next.has(r.id)) next.delete(r.id);
              else next.add(r.id);
              return next;
            }),
          onToggleAll: (checked) => setSelected(new Set(checked ? rows.map((r) => r.id) : [])),
          label: (r) => `Selecionar ${r.nome}`,
        }}
      />
    </MantineProvider>
  );
}

describe('ListTable', () => {
  it('draws only the rows in view of 10,000 loaded rows', () => {
    renderTable({ rows: makeRows(10_000) });
    const drawn = bodyRows();
    expect(drawn.length).toBeGreaterThan(5);
    expect(drawn.length).toBeLessThan(60);
    expect(screen.getByRole('table', { name: 'Tabela de teste' })).toHaveAttribute(
      'aria-rowcount',
      '10001',
    );
  });

  it("shows 'Nenhum {item} encontrado.' when there are no rows", () => {
    renderTable({ rows: [] });
    expect(screen.getByText('Nenhum registro encontrado.')).toBeInTheDocument();
  });

  it('shows the spinner only after 300 ms while the first load runs', async () => {
    vi.useFakeTimers();
    try {
      renderTable({ rows: [], loading: true });
      expect(screen.queryByRole('status')).toBeNull();
      expect(screen.queryByText('Nenhum registro encontrado.')).toBeNull();
      await act(async () => {
        vi.advanceTimersByTime(320);
      });
      expect(screen.getByRole('status')).toBeInTheDocument();
    } finally {
      vi.useRealTimers();
    }
  });

  it('paints each row with its colour', () => {
    renderTable({ rowColor: (r) => (r.id === 1 ? '#FFA8A8' : undefined) });
    const [first, second] = bodyRows();
    expect(first).toHaveStyle({ backgroundColor: '#FFA8A8' });
    expect(second?.style.backgroundColor).toBe('');
  });

  it('aligns numeric columns right', () => {
    renderTable();
    const cell = within(bodyRows()[0] as HTMLElement).getByText('0');
    expect(cell).toHaveStyle({ textAlign: 'right' });
  });

  it('asks the server for a sort from a sortable header and marks it with aria-sort', async () => {
    const onSortChange = vi.fn();
    const { rerender } = renderTable({ sort: null, onSortChange });
    await userEvent.click(screen.getByRole('button', { name: 'Data' }));
    expect(onSortChange).toHaveBeenCalledWith({ key: 'ts', direction: 'desc' });
    expect(screen.queryByRole('button', { name: 'Nome' })).toBeNull();

    const sort: SortState = { key: 'ts', direction: 'desc' };
    rerender(
      <MantineProvider env="test">
        <ListTable<Row>
          id="teste"
          label="Tabela de teste"
          columns={COLUMNS}
          rows={makeRows(3)}
          getRowId={(r) => r.id}
          item="registro"
          sort={sort}
          onSortChange={onSortChange}
        />
      </MantineProvider>,
    );
    expect(screen.getByRole('columnheader', { name: 'Data' })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Data' }));
    expect(onSortChange).toHaveBeenLastCalledWith({ key: 'ts', direction: 'asc' });
  });

  it('selects rows one by one and all at once, and Space on a row selects it', async () => {
    scrollHeight = 5 * ROW;
    render(<Selectable />);
    const all = screen.getByRole('checkbox', { name: 'Selecionar todos' });
    await userEvent.click(screen.getByRole('checkbox', { name: 'Selecionar Linha 2' }));
    expect(screen.getByRole('checkbox', { name: 'Selecionar Linha 2' })).toBeChecked();
    expect(all).toBePartiallyChecked();

    await userEvent.click(all);
    for (const box of screen.getAllByRole('checkbox', { name: /^Selecionar Linha/ })) {
      expect(box).toBeChecked();
    }
    await userEvent.click(all);
    for (const box of screen.getAllByRole('checkbox', { name: /^Selecionar Linha/ })) {
      expect(box).not.toBeChecked();
    }

    const third = bodyRows()[2] as HTMLElement;
    third.focus();
    await userEvent.keyboard(' ');
    expect(screen.getByRole('checkbox', { name: 'Selecionar Linha 3' })).toBeChecked();
    expect(third).toHaveAttribute('aria-selected', 'true');
  });

  it('moves between rows with the arrows and opens one with Enter', async () => {
    const onRowOpen = vi.fn();
    renderTable({ onRowOpen });
    const rows = bodyRows();
    expect(rows[0]).toHaveAttribute('tabindex', '0');
    expect(rows[1]).toHaveAttribute('tabindex', '-1');
    (rows[0] as HTMLElement).focus();
    await userEvent.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(bodyRows()[1]);
    await userEvent.keyboard('{Enter}');
    expect(onRowOpen).toHaveBeenCalledWith(expect.objectContaining({ id: 2 }));
    // Only a click-to-open table marks its rows (the pointer cursor).
    expect(rows[0]).not.toHaveAttribute('data-openable');
  });

  it('marks the rows a click opens', () => {
    renderTable({ onRowOpen: vi.fn(), openOnClick: true });
    for (const row of bodyRows()) expect(row).toHaveAttribute('data-openable');
  });

  it('keeps the chosen columns per table in local storage', async () => {
    const { unmount } = renderTable();
    await userEvent.click(screen.getByRole('button', { name: 'Colunas' }));
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Valor' }));
    expect(screen.queryByRole('columnheader', { name: 'Valor' })).toBeNull();
    expect(JSON.parse(localStorage.getItem(`vigia.${columnChoiceKey('teste')}`) ?? '[]')).toEqual([
      'valor',
    ]);
    unmount();

    renderTable();
    expect(screen.queryByRole('columnheader', { name: 'Valor' })).toBeNull();
    expect(screen.getByRole('columnheader', { name: 'Nome' })).toBeInTheDocument();
  });

  it('hides date and site columns on extra-small screens', () => {
    window.innerWidth = 500;
    renderTable();
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers).toEqual(['Nome', 'Valor']);
  });

  it('on extra-small screens a stacked list draws each row as one cell with all it names', async () => {
    window.innerWidth = 390;
    const onRowOpen = vi.fn();
    renderTable({
      onRowOpen,
      stacked: {
        header: 'Registro',
        render: (r) => `${r.nome} · ${r.site} · ${r.ts}`,
        rowHeight: 80,
      },
    });
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Registro']);
    expect(screen.queryByRole('button', { name: /Colunas/ })).toBeNull();
    const first = bodyRows()[0] as HTMLElement;
    expect(first).toHaveTextContent('Linha 1 · Site 0 · 00/01/2025');
    expect(first.style.height).toBe('80px');
    first.focus();
    await userEvent.keyboard('{Enter}');
    expect(onRowOpen).toHaveBeenCalledWith(expect.objectContaining({ id: 1 }));
  });

  it('a stacked list keeps its columns on wider screens', () => {
    renderTable({ stacked: { header: 'Registro', render: (r) => r.nome, rowHeight: 80 } });
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'Nome',
      'Valor',
      'Data',
      'Site',
    ]);
  });

  it('reports how far the end is when scrolled and when rows arrive (at the next frame)', async () => {
    const onScrollPosition = vi.fn();
    renderTable({ rows: makeRows(20), onScrollPosition });
    await vi.waitFor(() =>
      expect(onScrollPosition).toHaveBeenLastCalledWith({
        distanceToEndPx: 20 * ROW + 40 - VIEWPORT,
        scrollTop: 0,
      }),
    );
    const scroller = screen.getByTestId('teste-scroll');
    scroller.scrollTop = 300;
    fireEvent.scroll(scroller);
    expect(onScrollPosition).toHaveBeenLastCalledWith({
      distanceToEndPx: 20 * ROW + 40 - VIEWPORT - 300,
      scrollTop: 300,
    });
  });
});
