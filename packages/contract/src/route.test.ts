import { describe, expect, it } from 'vitest';
import { API } from './api.js';
import { fillPath, listRoutes } from './route.js';

describe('route table', () => {
  it('fills path parameters, encoded, and refuses a missing one', () => {
    expect(fillPath('/api/Sites/{id}/site', { id: 7 })).toBe('/api/Sites/7/site');
    expect(fillPath('/api/x/{nome}', { nome: 'a b/c' })).toBe('/api/x/a%20b%2Fc');
    expect(() => fillPath('/api/Sites/{id}/site', {})).toThrow('parâmetro de caminho ausente: id');
  });

  it('defines each method and path once', () => {
    const keys = listRoutes(API).map((route) => `${route.method} ${route.path}`);
    expect(new Set(keys).size).toBe(keys.length);
  });
});
