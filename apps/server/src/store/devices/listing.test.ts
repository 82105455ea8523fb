import { describe, expect, it } from 'vitest';
import { type SortKey, sortRows, sortRowsRemembered } from './listing.js';

interface Row {
  id: number;
  nome: string;
}

const byName: SortKey<Row>[] = [{ value: (r) => r.nome }];
const ids = (rows: readonly Row[]) => rows.map((r) => r.id);
const fullSort = (rows: readonly Row[]) => ids(sortRows([...rows], byName, (r) => r.id));
const remembered = (rows: readonly Row[]) =>
  ids(sortRowsRemembered([...rows], byName, (r) => r.id, 'teste'));

function fleet(n: number): Row[] {
  const names = ['Gerador', 'Câmara fria', 'camara', 'Ônibus', 'Usina'];
  return Array.from({ length: n }, (_, i) => ({
    id: i + 1,
    nome: `${names[(i * 7) % names.length]} ${(i * 7919) % 1000}`,
  }));
}

describe('sortRowsRemembered', () => {
  it('answers as a full pt-BR sort, call after call, whatever order the rows come in', () => {
    const rows = fleet(1000);
    expect(remembered(rows)).toEqual(fullSort(rows));
    const shuffled = [...rows].reverse();
    expect(remembered(shuffled)).toEqual(fullSort(rows));
  });

  it('sorts again when a name changed, a row left or a row came', () => {
    const rows = fleet(1000);
    remembered(rows);
    const renamed = rows.map((r) => (r.id === 500 ? { ...r, nome: 'Aaa primeiro' } : r));
    expect(remembered(renamed)[0]).toBe(500);
    expect(remembered(renamed)).toEqual(fullSort(renamed));
    const fewer = renamed.filter((r) => r.id !== 10);
    expect(remembered(fewer)).toEqual(fullSort(fewer));
    const more = [...renamed, { id: 5000, nome: 'Zzz último' }];
    expect(remembered(more).at(-1)).toBe(5000);
    expect(remembered(more)).toEqual(fullSort(more));
  });

  it('sorts plainly when ids repeat', () => {
    const rows = [...fleet(300), { id: 1, nome: 'Aaa' }];
    expect(remembered(rows)).toEqual(fullSort(rows));
  });
});
