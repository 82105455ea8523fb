import type { GpsDevice, GpsLocation, GpsMap, MapPlace } from '@vigia/contract';
import { communicationSummary, mapPinColor } from '@vigia/domain';
import type { Kysely } from 'kysely';
import { countActiveAlarms, selectDevices } from '../devices/deviceStore.js';
import { sortRows } from '../devices/listing.js';
import { loadPlaces } from '../devices/places.js';
import { placeLocation } from '../places/location.js';
import { nextTurn } from '../readingSeek.js';
import type { Database } from '../schema.js';

/** Every located device of `systemIds` as a pin, one query for devices and one for alarms. */
export async function gpsDevices(
  db: Kysely<Database>,
  systemIds: number[],
  nowSec: number,
): Promise<GpsDevice[]> {
  const [devices, alarms] = await Promise.all([
    selectDevices(db, { systemIds }),
    countActiveAlarms(db, { systemIds }),
  ]);
  // Reading, shaping and sorting 5,000 devices each take 5–20 ms on SQLite (in this
  // thread): a turn of the event loop between them, not 30–50 ms in one.
  await nextTurn();
  const pins: GpsDevice[] = [];
  for (const d of devices) {
    if (d.lat === null || d.lon === null) continue;
    const resumoComunicacao = communicationSummary(d.lastSeenAt, nowSec);
    pins.push({
      id: d.id,
      nome: d.nome,
      patrimonio: d.patrimonio,
      tipo: d.tipo,
      local: d.localNome,
      uf: d.uf,
      lat: d.lat,
      longi: d.lon,
      sisId: d.systemId,
      usinaId: d.usinaId,
      scdId: d.scdId,
      venueId: d.venueId,
      resumoComunicacao,
      ultimaLeitura: d.lastSeenAt,
      alarmTreeMapValue: alarms.get(d.id) ?? 0,
      cor: mapPinColor(resumoComunicacao),
    });
  }
  await nextTurn();
  return sortRows(pins, [{ value: (p) => p.local }, { value: (p) => p.nome }], (p) => p.id);
}

type Bounds = NonNullable<GpsMap['limites']>;

/** The smallest box holding every point; null without points. */
function boundsOf(points: readonly { lat: number; lon: number }[]): Bounds | null {
  let bounds: Bounds | null = null;
  for (const { lat, lon } of points) {
    if (!bounds) {
      bounds = { sul: lat, norte: lat, oeste: lon, leste: lon };
      continue;
    }
    bounds.sul = Math.min(bounds.sul, lat);
    bounds.norte = Math.max(bounds.norte, lat);
    bounds.oeste = Math.min(bounds.oeste, lon);
    bounds.leste = Math.max(bounds.leste, lon);
  }
  return bounds;
}

/** The fixed places of the map (plants and SCDs) and the bounds that fit them and the located devices. */
export async function gpsMap(db: Kysely<Database>, systemIds: number[]): Promise<GpsMap> {
  const [places, devices] = await Promise.all([
    loadPlaces(db, systemIds, { plants: true, scds: true }),
    selectDevices(db, { systemIds }),
  ]);
  const locais: MapPlace[] = [
    ...places.plants.map((p) => ({ tipo: 'usina' as const, ...placeLocation(p) })),
    ...places.scds.map((s) => ({ tipo: 'scd' as const, ...placeLocation(s) })),
  ];
  const points = [
    ...locais.map((l) => ({ lat: l.lat, lon: l.longi })),
    ...devices.flatMap((d) =>
      d.lat !== null && d.lon !== null ? [{ lat: d.lat, lon: d.lon }] : [],
    ),
  ];
  return { limites: boundsOf(points), locais };
}

/**
 * The located devices grouped by place (name and position); a place takes
 * the colour of its device that communicated last.
 */
export async function gpsLocations(
  db: Kysely<Database>,
  systemIds: number[],
  nowSec: number,
): Promise<GpsLocation[]> {
  const pins = await gpsDevices(db, systemIds, nowSec);
  await nextTurn();
  const locations = new Map<string, GpsLocation & { newest: number | null }>();
  for (const pin of pins) {
    const key = `${pin.local}|${pin.lat}|${pin.longi}`;
    let location = locations.get(key);
    if (!location) {
      location = {
        local: pin.local,
        uf: pin.uf,
        lat: pin.lat,
        longi: pin.longi,
        cor: pin.cor,
        dispositivos: [],
        newest: pin.ultimaLeitura,
      };
      locations.set(key, location);
    }
    location.dispositivos.push(pin);
    if (
      pin.ultimaLeitura !== null &&
      (location.newest === null || pin.ultimaLeitura > location.newest)
    ) {
      location.newest = pin.ultimaLeitura;
      location.cor = pin.cor;
    }
  }
  return [...locations.values()].map(({ newest: _newest, ...location }) => location);
}
