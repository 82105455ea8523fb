import type { GpsDevice, MapPlace } from '@vigia/contract';
import { MAP_PIN_SIZE_PX } from '@vigia/domain';
import type { FeatureCollection, MultiPolygon } from 'geojson';
import L from 'leaflet';
import { BASEMAP_REGION, type BasemapProperties, BRAZIL_ID } from '../basemap/region';
import basemapText from '../basemap/southAmerica.geojson?raw';
import {
  fanOffset,
  groupByPosition,
  pinColorOf,
  pinFill,
  pinLabel,
  pinSvg,
  placeLabel,
} from './pins';

export const BASEMAP = JSON.parse(basemapText) as FeatureCollection<
  MultiPolygon,
  BasemapProperties
>;

/** Brazil in view when nothing is located. */
export const BRAZIL_BOUNDS = L.latLngBounds([-33.8, -74], [5.3, -34.8]);
/** Panning stops a little outside the basemap. */
export const MAX_BOUNDS = L.latLngBounds(
  [BASEMAP_REGION.south - 8, BASEMAP_REGION.west - 15],
  [BASEMAP_REGION.north + 8, BASEMAP_REGION.east + 15],
);

/** Calm greys: Brazil a shade lighter than its neighbours, the sea left to the map background. */
export function basemapStyle(properties: BasemapProperties | undefined): L.PathOptions {
  const brazil = properties?.id === BRAZIL_ID;
  return {
    color: brazil ? '#868e96' : '#adb5bd',
    weight: brazil ? 1.2 : 0.8,
    fillColor: brazil ? '#ffffff' : '#f1f3f5',
    fillOpacity: 1,
    interactive: false,
  };
}

/** The bundled basemap as a vector layer: no tile server, no network. */
export function createBasemapLayer(): L.GeoJSON {
  return L.geoJSON(BASEMAP, {
    style: (feature) => basemapStyle(feature?.properties as BasemapProperties | undefined),
    interactive: false,
  });
}

export interface PinHandlers {
  onOpenDevice?: (device: GpsDevice) => void;
  onOpenPlace?: (place: MapPlace) => void;
}

/** One marker per device, coloured by the pin rule; devices at one spot fan out around it. */
export function createDeviceLayer(
  devices: readonly GpsDevice[],
  nowSec: number,
  handlers: PinHandlers = {},
): L.LayerGroup {
  const layer = L.layerGroup();
  const size = MAP_PIN_SIZE_PX;
  for (const group of groupByPosition(devices)) {
    group.forEach((device, index) => {
      const [dx, dy] = fanOffset(index, group.length, size);
      const color = pinColorOf(device);
      const label = pinLabel(device, nowSec);
      const marker = L.marker([device.lat, device.longi], {
        icon: L.divIcon({
          html: pinSvg(pinFill(color), size),
          className: `vigia-pin vigia-pin--${color}`,
          iconSize: [size, size],
          iconAnchor: [size / 2 - dx, size - dy],
          tooltipAnchor: [dx, -size + dy],
        }),
        title: label,
        alt: label,
        keyboard: true,
        riseOnHover: true,
        // Trouble in front: a red or gray pin is never hidden behind a green one.
        zIndexOffset: color === 'red' ? 300 : color === 'gray' ? 200 : 100,
      });
      marker.bindTooltip(textElement(label), { direction: 'top' });
      const open = handlers.onOpenDevice;
      if (open) onActivate(marker, () => open(device));
      marker.on('add', () => {
        const element = marker.getElement();
        element?.setAttribute('data-device-id', String(device.id));
        element?.setAttribute('data-pin-color', color);
        element?.setAttribute('aria-label', label);
      });
      layer.addLayer(marker);
    });
  }
  return layer;
}

/** The fixed places (plants and SCDs): small grey squares under the pins. */
export function createPlaceLayer(
  places: readonly MapPlace[],
  handlers: PinHandlers = {},
): L.LayerGroup {
  const layer = L.layerGroup();
  for (const place of places) {
    const label = placeLabel(place);
    const marker = L.marker([place.lat, place.longi], {
      icon: L.divIcon({
        html: '',
        className: 'vigia-place',
        iconSize: [12, 12],
        iconAnchor: [6, 6],
      }),
      title: label,
      alt: label,
      keyboard: handlers.onOpenPlace !== undefined,
      interactive: handlers.onOpenPlace !== undefined,
      zIndexOffset: -100,
    });
    marker.bindTooltip(textElement(label), { direction: 'right' });
    const open = handlers.onOpenPlace;
    if (open) onActivate(marker, () => open(place));
    marker.on('add', () => marker.getElement()?.setAttribute('aria-label', label));
    layer.addLayer(marker);
  }
  return layer;
}

/** A click, or Enter on the focused marker (Leaflet makes keyboard markers focusable buttons). */
function onActivate(marker: L.Marker, action: () => void): void {
  marker.on('click', action);
  marker.on('keypress', (event: L.LeafletKeyboardEvent) => {
    if (event.originalEvent.key === 'Enter') action();
  });
}

/** Names come from the fleet's data: tooltips get text nodes, never HTML. */
function textElement(text: string): HTMLElement {
  const element = document.createElement('span');
  element.textContent = text;
  return element;
}

/** Bounds that frame the devices and places, or Brazil. */
export function fleetBounds(
  limites: { sul: number; oeste: number; norte: number; leste: number } | null | undefined,
): L.LatLngBounds {
  if (!limites) return BRAZIL_BOUNDS;
  const { sul, oeste, norte, leste } = limites;
  // One located spot: show its surroundings (about a degree) instead of the maximum zoom.
  if (norte - sul < 0.1 && leste - oeste < 0.1) {
    return L.latLngBounds([sul - 0.5, oeste - 0.5], [norte + 0.5, leste + 0.5]);
  }
  return L.latLngBounds([sul, oeste], [norte, leste]).pad(0.08);
}
