import L from 'leaflet';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BRAZIL_ID } from '../basemap/region';
import { gpsDevice, NOW_SEC } from './gpsFixtures.test-util';
import {
  BASEMAP,
  BRAZIL_BOUNDS,
  basemapStyle,
  createBasemapLayer,
  createDeviceLayer,
  createPlaceLayer,
  fleetBounds,
} from './mapLayers';

let map: L.Map | null = null;

function mapOn(): L.Map {
  const container = document.createElement('div');
  document.body.append(container);
  map = L.map(container).setView([-15, -50], 4);
  return map;
}

afterEach(() => {
  map?.remove();
  map = null;
  document.body.innerHTML = '';
});

describe('bundled basemap', () => {
  it('holds Brazil and its neighbours, so the map draws without any tile server', () => {
    const names = BASEMAP.features.map((f) => f.properties.nome);
    expect(names).toContain('Brasil');
    expect(names).toEqual(expect.arrayContaining(['Argentina', 'Paraguai', 'Uruguai', 'Bolívia']));
    expect(createBasemapLayer().getLayers()).toHaveLength(BASEMAP.features.length);
  });

  it('keeps only the South American part of a country (French Guiana, not France)', () => {
    const guiana = BASEMAP.features.find((f) => f.properties.nome === 'Guiana Francesa');
    const lons = guiana?.geometry.coordinates.flat(2).map(([lon]) => lon ?? 0) ?? [];
    expect(lons.length).toBeGreaterThan(0);
    expect(Math.max(...lons)).toBeLessThan(-50);
  });

  it('Brazil covers the seeded fleet (Manaus, Porto Alegre, Recife)', () => {
    const brazil = L.geoJSON(BASEMAP.features.find((f) => f.properties.id === BRAZIL_ID));
    const bounds = brazil.getBounds();
    const points: L.LatLngTuple[] = [
      [-3.1, -60.01],
      [-30.03, -51.2],
      [-8.05, -34.88],
    ];
    for (const point of points) {
      expect(bounds.contains(point)).toBe(true);
    }
  });

  it('draws Brazil lighter and stronger-edged than its neighbours, not clickable', () => {
    const brazil = basemapStyle({ id: BRAZIL_ID, nome: 'Brasil' });
    const other = basemapStyle({ id: '032', nome: 'Argentina' });
    expect(brazil.fillColor).not.toBe(other.fillColor);
    expect(brazil.weight).toBeGreaterThan(other.weight ?? 0);
    expect(brazil.interactive).toBe(false);
  });
});

describe('device pins', () => {
  const devices = [
    gpsDevice({ id: 1, resumoComunicacao: 'online' }),
    gpsDevice({ id: 2, resumoComunicacao: 'offline', ultimaLeitura: NOW_SEC - 7200 }),
    gpsDevice({ id: 3, resumoComunicacao: '>1 dia offline', lat: -3.1, longi: -60.01 }),
  ];

  it('one marker per device, coloured by the pin rule', () => {
    const target = mapOn();
    createDeviceLayer(devices, NOW_SEC).addTo(target);
    const pins = [...target.getContainer().querySelectorAll<HTMLElement>('.vigia-pin')];
    expect(pins.map((p) => [p.dataset.deviceId, p.dataset.pinColor])).toEqual([
      ['1', 'green'],
      ['2', 'red'],
      ['3', 'gray'],
    ]);
    expect(pins[1]).toHaveClass('vigia-pin--red');
    expect(pins[1]?.getAttribute('aria-label')).toContain('DESATUALIZADO');
    expect(pins[0]?.getAttribute('role')).toBe('button');
    expect(pins[0]?.tabIndex).toBe(0);
  });

  it('co-located devices get distinct anchors; a lone device sits on its point', () => {
    const layer = createDeviceLayer(devices, NOW_SEC);
    const anchors = (layer.getLayers() as L.Marker[]).map((m) =>
      String((m.options.icon as L.DivIcon).options.iconAnchor),
    );
    expect(anchors[0]).not.toBe(anchors[1]);
    expect(anchors[2]).toBe('17.5,35');
  });

  it('red pins stand in front of gray ones, gray in front of green', () => {
    const layer = createDeviceLayer(devices, NOW_SEC);
    const [green, red, gray] = (layer.getLayers() as L.Marker[]).map(
      (m) => m.options.zIndexOffset ?? 0,
    );
    expect(red).toBeGreaterThan(gray ?? 0);
    expect(gray).toBeGreaterThan(green ?? 0);
  });

  it('a click or Enter on a pin opens that device', () => {
    const target = mapOn();
    const onOpenDevice = vi.fn();
    createDeviceLayer(devices, NOW_SEC, { onOpenDevice }).addTo(target);
    const pin = target.getContainer().querySelector<HTMLElement>('[data-device-id="2"]');
    pin?.click();
    expect(onOpenDevice).toHaveBeenLastCalledWith(devices[1]);
    pin?.dispatchEvent(new KeyboardEvent('keypress', { key: 'Enter', keyCode: 13, bubbles: true }));
    expect(onOpenDevice).toHaveBeenCalledTimes(2);
    pin?.dispatchEvent(new KeyboardEvent('keypress', { key: 'a', bubbles: true }));
    expect(onOpenDevice).toHaveBeenCalledTimes(2);
  });

  it('a name is shown as text in the tooltip, never as HTML', () => {
    const target = mapOn();
    const layer = createDeviceLayer(
      [gpsDevice({ nome: '<img src=x onerror=alert(1)>' })],
      NOW_SEC,
    ).addTo(target);
    const marker = layer.getLayers()[0] as L.Marker;
    marker.openTooltip();
    const tooltip = target.getContainer().querySelector('.leaflet-tooltip');
    expect(tooltip?.querySelector('img')).toBeNull();
    expect(tooltip?.textContent).toContain('<img src=x onerror=alert(1)>');
  });
});

describe('fixed places and framing', () => {
  it('places are drawn and open their plant or SCD', () => {
    const target = mapOn();
    const onOpenPlace = vi.fn();
    const place = {
      tipo: 'usina' as const,
      id: 1,
      nome: 'UTE Petrolina',
      uf: 'PE',
      lat: -9.39,
      longi: -40.5,
      sisId: 200,
    };
    createPlaceLayer([place], { onOpenPlace }).addTo(target);
    const element = target.getContainer().querySelector<HTMLElement>('.vigia-place');
    expect(element?.getAttribute('aria-label')).toBe('Usina UTE Petrolina — PE');
    element?.click();
    expect(onOpenPlace).toHaveBeenCalledWith(place);
  });

  it('frames the fleet, or Brazil when nothing is located', () => {
    expect(fleetBounds(null)).toBe(BRAZIL_BOUNDS);
    const bounds = fleetBounds({ sul: -30, oeste: -60, norte: -3, leste: -35 });
    expect(bounds.contains([-30, -60])).toBe(true);
    expect(bounds.contains([-3, -35])).toBe(true);
    const single = fleetBounds({ sul: -9.39, oeste: -40.5, norte: -9.39, leste: -40.5 });
    expect(single.getNorth() - single.getSouth()).toBeGreaterThan(0.5);
  });
});
