/**
 * Online map tiles are optional: without `VITE_TILE_URL` at build time the
 * map draws only the bundled basemap and makes no network request for tiles
 * (control rooms often run without internet).
 */
export interface TileConfig {
  url: string;
  attribution: string;
  maxZoom: number;
}

const DEFAULT_TILE_MAX_ZOOM = 19;

export function tileConfig(env: Record<string, unknown>): TileConfig | null {
  const url = typeof env.VITE_TILE_URL === 'string' ? env.VITE_TILE_URL.trim() : '';
  if (url === '') return null;
  const attribution =
    typeof env.VITE_TILE_ATTRIBUTION === 'string' ? env.VITE_TILE_ATTRIBUTION : '';
  const maxZoom = Number(env.VITE_TILE_MAX_ZOOM);
  return {
    url,
    attribution,
    maxZoom: Number.isInteger(maxZoom) && maxZoom > 0 ? maxZoom : DEFAULT_TILE_MAX_ZOOM,
  };
}
