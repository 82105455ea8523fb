import { describe, expect, it } from 'vitest';
import type { ListColumn } from './types';
import { columnAlign, defaultHiddenKeys, showsOnMobile, visibleColumns } from './visibleColumns';

type Row = Record<string, string>;

function col(key: string, extra: Partial<ListColumn<Row>> = {}): ListColumn<Row> {
  return { key, header: key, cell: (row) => row[key] ?? '', ...extra };
}

const COLUMNS = [
  col('estado'),
  col('alarme'),
  col('data', { kind: 'date' }),
  col('site', { category: 'site' }),
  col('uf', { category: 'uf' }),
  col('equipamento', { category: 'equipment' }),
  col('valor', { kind: 'number' }),
  col('a'),
  col('b'),
  col('c'),
  col('d'),
  col('e'),
];

describe('visible columns (spec 001 §2)', () => {
  it('on mobile hides date, site, UF, alarm, connection and equipment columns', () => {
    expect(showsOnMobile(col('x', { kind: 'date' }))).toBe(false);
    expect(showsOnMobile(col('x', { category: 'connection' }))).toBe(false);
    expect(showsOnMobile(col('x', { category: 'alarm' }))).toBe(false);
    expect(showsOnMobile(col('x', { kind: 'number' }))).toBe(true);
    expect(showsOnMobile(col('x', { kind: 'date', mobile: true }))).toBe(true);
    expect(showsOnMobile(col('x', { mobile: false }))).toBe(false);
  });

  it('on mobile shows the first 7 columns that may show there', () => {
    const keys = visibleColumns(COLUMNS, new Set(), { mobile: true }).map((c) => c.key);
    expect(keys).toEqual(['estado', 'alarme', 'valor', 'a', 'b', 'c', 'd']);
  });

  it('counts the selection box as one of the 7', () => {
    const shown = visibleColumns(COLUMNS, new Set(), { mobile: true, selectable: true });
    expect(shown).toHaveLength(6);
  });

  it('on larger screens shows every column the user did not hide, required ones always', () => {
    const columns = [col('a', { required: true }), col('b'), col('c')];
    const keys = visibleColumns(columns, new Set(['a', 'b']), { mobile: false }).map((c) => c.key);
    expect(keys).toEqual(['a', 'c']);
  });

  it('defaults the hidden set to the columns marked defaultHidden', () => {
    expect(defaultHiddenKeys([col('a', { defaultHidden: true }), col('b')])).toEqual(['a']);
  });

  it('aligns numbers right and the rest left unless told', () => {
    expect(columnAlign(col('n', { kind: 'number' }))).toBe('right');
    expect(columnAlign(col('d', { kind: 'date' }))).toBe('left');
    expect(columnAlign(col('t', { align: 'center' }))).toBe('center');
  });
});
