/**
 * Derives the offline basemap (`southAmerica.geojson`) from Natural Earth's
 * 1:50m countries in the `world-atlas` package: Brazil and its neighbours,
 * clipped to the region, coordinates rounded to 0.01° (about 1 km) and
 * repeated points dropped. Run after upgrading world-atlas:
 *
 *   npx tsx apps/web/src/features/maps/basemap/buildBasemap.ts
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import type { Feature, FeatureCollection, MultiPolygon, Polygon, Position } from 'geojson';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import { BASEMAP_REGION, type BasemapProperties, COUNTRY_NAMES } from './region';

const DECIMALS = 2;

function round(value: number): number {
  const factor = 10 ** DECIMALS;
  return Math.round(value * factor) / factor;
}

function simplifyRing(ring: Position[]): Position[] {
  const out: Position[] = [];
  for (const [lon = 0, lat = 0] of ring) {
    const point = [round(lon), round(lat)];
    const last = out.at(-1);
    if (!last || last[0] !== point[0] || last[1] !== point[1]) out.push(point);
  }
  return out;
}

function inRegion(ring: Position[]): boolean {
  const { west, south, east, north } = BASEMAP_REGION;
  return ring.some(
    ([lon = 0, lat = 0]) => lon >= west && lon <= east && lat >= south && lat <= north,
  );
}

/** The polygons of a country inside the region, simplified; null when none is left. */
export function regionalPolygons(geometry: Polygon | MultiPolygon): MultiPolygon | null {
  const polygons = geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates;
  const kept = polygons
    .filter((polygon) => polygon[0] !== undefined && inRegion(polygon[0]))
    .map((polygon) => polygon.map(simplifyRing).filter((ring) => ring.length >= 4));
  const nonEmpty = kept.filter((polygon) => polygon.length > 0);
  return nonEmpty.length > 0 ? { type: 'MultiPolygon', coordinates: nonEmpty } : null;
}

function build(): FeatureCollection<MultiPolygon, BasemapProperties> {
  const require = createRequire(import.meta.url);
  const path = require.resolve('world-atlas/countries-50m.json');
  const topology = JSON.parse(readFileSync(path, 'utf8')) as Topology<{
    countries: GeometryCollection<{ name: string }>;
  }>;
  const countries = feature(topology, topology.objects.countries) as FeatureCollection<
    Polygon | MultiPolygon
  >;
  const features: Feature<MultiPolygon, BasemapProperties>[] = [];
  for (const country of countries.features) {
    const id = String(country.id);
    const nome = COUNTRY_NAMES[id];
    if (!nome || !country.geometry) continue;
    const geometry = regionalPolygons(country.geometry);
    if (geometry) features.push({ type: 'Feature', properties: { id, nome }, geometry });
  }
  return { type: 'FeatureCollection', features };
}

const out = fileURLToPath(new URL('./southAmerica.geojson', import.meta.url));
writeFileSync(out, `${JSON.stringify(build())}\n`);
console.log(`basemap escrito em ${out}`);
