import { describe, expect, it } from 'vitest';
import { findControlCharacter, jsonDepthExceeds } from './hostileInput.js';
import { inlineScriptHashes } from './webApp.js';

describe('jsonDepthExceeds', () => {
  it('counts the nesting of arrays and objects', () => {
    expect(jsonDepthExceeds('{"ids":[1,2]}', 2)).toBe(false);
    expect(jsonDepthExceeds('{"ids":[[1]]}', 2)).toBe(true);
    expect(jsonDepthExceeds(`${'['.repeat(100_000)}${']'.repeat(100_000)}`, 32)).toBe(true);
  });
  it('ignores brackets inside strings, escaped quotes included', () => {
    expect(jsonDepthExceeds('{"a":"[[[[\\"[[[["}', 1)).toBe(false);
  });
});

describe('findControlCharacter', () => {
  it('names where a NUL or another control character sits', () => {
    expect(findControlCharacter({ nomes: ['kW', 'H\u0000z'] }, '')).toBe('nomes[1]');
    expect(findControlCharacter({ a: { b: 'x\u001by' } }, '')).toBe('a.b');
    expect(findControlCharacter({ ['k\u0000']: 1 }, '')).toBe('');
  });
  it('accepts tab, line feed and carriage return (multi-line reasons) and plain values', () => {
    expect(findControlCharacter({ motivo: 'linha 1\r\nlinha 2\tfim', n: 3, v: null }, '')).toBe(
      null,
    );
    expect(findControlCharacter(undefined, '')).toBe(null);
  });
});

describe('inlineScriptHashes', () => {
  it('hashes each inline script as CSP does, not the external ones', () => {
    const html =
      '<script>var a=1;</script><script type="module" src="./x.js"></script><script>b()</script>';
    expect(inlineScriptHashes(html)).toEqual([
      'sha256-gaaMFNHZyRta8zB2VHkWLMP4tMxJ+d8v3dTW7nw2r6M=',
      expect.stringMatching(/^sha256-[A-Za-z0-9+/]{43}=$/),
    ]);
  });
});
