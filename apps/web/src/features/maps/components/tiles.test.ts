import { describe, expect, it } from 'vitest';
import { tileConfig } from './tiles';

describe('online tiles are off unless configured', () => {
  it('no VITE_TILE_URL: no tile layer (the bundled basemap only)', () => {
    expect(tileConfig({})).toBeNull();
    expect(tileConfig({ VITE_TILE_URL: '  ' })).toBeNull();
  });

  it('a configured URL with its attribution and zoom', () => {
    expect(
      tileConfig({
        VITE_TILE_URL: 'https://tiles.example/{z}/{x}/{y}.png',
        VITE_TILE_ATTRIBUTION: '© Exemplo',
        VITE_TILE_MAX_ZOOM: '17',
      }),
    ).toEqual({
      url: 'https://tiles.example/{z}/{x}/{y}.png',
      attribution: '© Exemplo',
      maxZoom: 17,
    });
    expect(tileConfig({ VITE_TILE_URL: 'https://t/{z}/{x}/{y}.png' })?.maxZoom).toBe(19);
  });
});
