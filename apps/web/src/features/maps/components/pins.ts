import type { GpsDevice, MapPlace } from '@vigia/contract';
import {
  MAP_PIN_SIZE_PX,
  MAP_PIN_TONE,
  type MapPinColor,
  mapPinColor,
  rowCommunication,
  type Tone,
} from '@vigia/domain';

/** Saturated pin fills per tone (pins sit on a pale basemap, so they need more than the badge surfaces). */
export const PIN_FILL: Readonly<Record<Tone, string>> = {
  good: '#0b8a5f',
  bad: '#d6336c',
  neutral: '#868e96',
  warning: '#e8590c',
  info: '#1c7ed6',
};

/** pt-BR legend of the pin colours (spec 001 §4: online green, '>1 dia offline' gray, else red). */
export const PIN_LEGEND: readonly { color: MapPinColor; label: string }[] = [
  { color: 'green', label: 'Online' },
  { color: 'red', label: 'Sem comunicação recente' },
  { color: 'gray', label: 'Mais de 1 dia offline' },
];

/** A device's pin colour: the domain rule on its communication summary. */
export function pinColorOf(device: Pick<GpsDevice, 'resumoComunicacao'>): MapPinColor {
  return mapPinColor(device.resumoComunicacao);
}

export function pinFill(color: MapPinColor): string {
  return PIN_FILL[MAP_PIN_TONE[color]];
}

/** Devices sharing a position, in the order they came, keyed by their rounded position. */
export function groupByPosition<T extends { lat: number; longi: number }>(items: readonly T[]) {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const key = `${item.lat.toFixed(5)},${item.longi.toFixed(5)}`;
    const group = groups.get(key);
    if (group) group.push(item);
    else groups.set(key, [item]);
  }
  return [...groups.values()];
}

/**
 * Pixel offset of the `index`-th of `count` pins at one position, spread on a
 * circle so every pin stays visible and clickable at any zoom (a single pin
 * stays on its point).
 */
export function fanOffset(index: number, count: number, size = MAP_PIN_SIZE_PX): [number, number] {
  if (count <= 1) return [0, 0];
  // A pin is about 0.65 × size wide: the circle grows so neighbours barely overlap.
  const radius = Math.max(size * 0.5, (count * size * 0.65) / (2 * Math.PI));
  const angle = (2 * Math.PI * index) / count - Math.PI / 2;
  return [Math.round(radius * Math.cos(angle)), Math.round(radius * Math.sin(angle))];
}

/** 'Online', 'DESATUALIZADO' or 'NUNCA COMUNICOU' (the domain's one text). */
export function communicationText(
  device: Pick<GpsDevice, 'resumoComunicacao' | 'ultimaLeitura' | 'tipo'>,
  nowSec: number,
): string {
  return rowCommunication(device, nowSec).text;
}

/** The accessible name and tooltip of a pin. */
export function pinLabel(device: GpsDevice, nowSec: number): string {
  const alarms =
    device.alarmTreeMapValue === 0
      ? 'sem alarmes'
      : `${device.alarmTreeMapValue} ${device.alarmTreeMapValue === 1 ? 'alarme' : 'alarmes'}`;
  return `${device.patrimonio} · ${device.nome} — ${device.local}/${device.uf}, ${communicationText(device, nowSec)}, ${alarms}`;
}

export function placeLabel(place: MapPlace): string {
  return `${place.tipo === 'usina' ? 'Usina' : 'SCD'} ${place.nome} — ${place.uf}`;
}

/** A map pin drawn as SVG: a teardrop of `size` px with a white dot, filled with `fill`. */
export function pinSvg(fill: string, size = MAP_PIN_SIZE_PX): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 24 24" aria-hidden="true" focusable="false">` +
    `<path d="M12 23s-7.5-7.6-7.5-13.2A7.5 7.5 0 0 1 19.5 9.8C19.5 15.4 12 23 12 23z" fill="${fill}" stroke="#fff" stroke-width="1.4"/>` +
    '<circle cx="12" cy="9.8" r="2.8" fill="#fff"/></svg>'
  );
}
