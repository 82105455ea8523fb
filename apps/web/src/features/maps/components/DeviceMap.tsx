import 'leaflet/dist/leaflet.css';
import './deviceMap.css';
import type { GpsDevice, GpsMap, MapPlace } from '@vigia/contract';
import { MAP_MAX_ZOOM } from '@vigia/domain';
import L from 'leaflet';
import { useEffect, useRef } from 'react';
import {
  createBasemapLayer,
  createDeviceLayer,
  createPlaceLayer,
  fleetBounds,
  MAX_BOUNDS,
  type PinHandlers,
} from './mapLayers';
import { tileConfig } from './tiles';

export interface MapFocus {
  lat: number;
  longi: number;
  /** Changes on every request, so asking twice for one place flies there again. */
  key: number;
}

interface Props extends PinHandlers {
  devices: readonly GpsDevice[];
  places?: readonly MapPlace[];
  limites?: GpsMap['limites'];
  /** Accessible name of the map region. */
  label: string;
  nowSec: number;
  focus?: MapFocus | null;
  height?: number | string;
}

/** Zoom for a chosen place: the bundled basemap has no detail beyond a region. */
const FOCUS_ZOOM = { tiles: 13, basemap: 7 } as const;
/** Most zoom when framing the fleet by itself. */
const FIT_MAX_ZOOM = { tiles: 14, basemap: 5 } as const;

/**
 * The fleet on a Leaflet map over the bundled basemap. Online tiles are drawn
 * only when the build configures them (`VITE_TILE_URL`).
 */
export function DeviceMap({
  devices,
  places = [],
  limites,
  label,
  nowSec,
  focus,
  height = 520,
  onOpenDevice,
  onOpenPlace,
}: Props) {
  const containerRef = useRef<HTMLElement>(null);
  const mapRef = useRef<L.Map | null>(null);
  const withTilesRef = useRef(false);
  const handlersRef = useRef<PinHandlers>({});
  handlersRef.current = { onOpenDevice, onOpenPlace };

  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    const tiles = tileConfig(import.meta.env as Record<string, unknown>);
    const map = L.map(container, {
      zoomControl: false,
      attributionControl: false,
      maxZoom: tiles?.maxZoom ?? MAP_MAX_ZOOM,
      minZoom: 3,
      maxBounds: MAX_BOUNDS,
      zoomSnap: 0.25,
      worldCopyJump: false,
    });
    L.control.zoom({ zoomInTitle: 'Aproximar', zoomOutTitle: 'Afastar' }).addTo(map);
    const attribution = L.control.attribution({ prefix: false }).addTo(map);
    withTilesRef.current = tiles !== null;
    if (tiles) {
      L.tileLayer(tiles.url, { maxZoom: tiles.maxZoom, attribution: tiles.attribution }).addTo(map);
    } else {
      createBasemapLayer().addTo(map);
      attribution.addAttribution('Mapa-base: Natural Earth');
    }
    map.fitBounds(fleetBounds(null));
    mapRef.current = map;
    return () => {
      map.remove();
      mapRef.current = null;
    };
  }, []);

  // Frame the fleet when its bounds are known (and again only if they change).
  const boundsKey = limites
    ? `${limites.sul},${limites.oeste},${limites.norte},${limites.leste}`
    : '';
  // biome-ignore lint/correctness/useExhaustiveDependencies: reframes on new bounds only
  useEffect(() => {
    if (boundsKey === '') return;
    // The bundled basemap has no detail inside the country: framing stops where its outline still shows.
    const maxZoom = withTilesRef.current ? FIT_MAX_ZOOM.tiles : FIT_MAX_ZOOM.basemap;
    mapRef.current?.fitBounds(fleetBounds(limites), { maxZoom });
  }, [boundsKey]);

  useEffect(() => {
    const map = mapRef.current;
    if (!map) return;
    const layer = createPlaceLayer(places, {
      onOpenPlace: (place) => handlersRef.current.onOpenPlace?.(place),
    }).addTo(map);
    return () => {
      layer.remove();
    };
  }, [places]);

  useEffect(() => {
    const map = mapRef.current;
    if (!map) return;
    const layer = createDeviceLayer(devices, nowSec, {
      onOpenDevice: (device) => handlersRef.current.onOpenDevice?.(device),
    }).addTo(map);
    return () => {
      layer.remove();
    };
  }, [devices, nowSec]);

  useEffect(() => {
    if (!focus) return;
    const zoom = withTilesRef.current ? FOCUS_ZOOM.tiles : FOCUS_ZOOM.basemap;
    mapRef.current?.flyTo([focus.lat, focus.longi], zoom, { duration: 0.6 });
  }, [focus]);

  return (
    <section
      ref={containerRef}
      className="vigia-map"
      aria-label={label}
      data-testid="device-map"
      style={{ height, width: '100%' }}
    />
  );
}
