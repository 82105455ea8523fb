import { describe, expect, it } from 'vitest';
import { cleanQuery, queryString } from './query.js';

describe('cleanQuery: request query values that are null, undefined or false are dropped', () => {
  it.each([
    ['null is dropped', { a: null }, {}],
    ['undefined is dropped', { a: undefined }, {}],
    ['false is dropped', { alarmeativo: false }, {}],
    ['true is kept', { alarmeativo: true }, { alarmeativo: 'true' }],
    ['0 is kept', { offSet: 0 }, { offSet: '0' }],
    ['an empty text is kept', { filtroTexto: '' }, { filtroTexto: '' }],
    ['arrays join with a comma', { ids: [1, null, 3] }, { ids: '1,3' }],
    ['an empty array is dropped', { ids: [] }, {}],
    [
      'a Date becomes epoch seconds',
      { inicio: new Date(1_700_000_000_500) },
      { inicio: '1700000000' },
    ],
    ['an object becomes JSON', { f: { a: 1 } }, { f: '{"a":1}' }],
  ])('%s', (_name, input, expected) => {
    expect(cleanQuery(input)).toEqual(expected);
  });

  it('queryString encodes the cleaned values', () => {
    expect(queryString({ filtroTexto: 'gmg 1&2', evento: false, limit: 50 })).toBe(
      'filtroTexto=gmg%201%262&limit=50',
    );
  });
});
