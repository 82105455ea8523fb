import type { DeviceRow } from '@vigia/contract';

/** One place of a system with generators: what its single-line drawing shows. */
export interface UnifilarPlace {
  key: string;
  label: string;
  devices: DeviceRow[];
  generators: number;
}

/** A device's place: its plant, else its venue, else its location name. */
function placeKey(device: DeviceRow): string {
  if (device.usinaId !== null) return `usina:${device.usinaId}`;
  if (device.venueId !== null) return `venue:${device.venueId}`;
  return `local:${device.localNome}`;
}

/**
 * The system's places that have a generator, each with its generators and
 * panels, by name. The cluster `/unifilar` draws one at a time.
 */
export function unifilarPlaces(devices: readonly DeviceRow[]): UnifilarPlace[] {
  const byKey = new Map<string, UnifilarPlace>();
  for (const device of devices) {
    const key = placeKey(device);
    const place = byKey.get(key) ?? { key, label: device.localNome, devices: [], generators: 0 };
    place.devices.push(device);
    if (device.tipo === 'gerador') place.generators += 1;
    byKey.set(key, place);
  }
  return [...byKey.values()]
    .filter((place) => place.generators > 0)
    .sort((a, b) => a.label.localeCompare(b.label, 'pt-BR') || a.key.localeCompare(b.key));
}

/** The place drawn first: the first with two generators (the spec's two-generator unifilar). */
export function defaultUnifilarPlace(places: readonly UnifilarPlace[]): UnifilarPlace | undefined {
  return places.find((place) => place.generators >= 2) ?? places[0];
}
