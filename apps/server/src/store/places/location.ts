import type { PlantRecord } from '../devices/places.js';

/** A plant or SCD where the wire places it (`lat`, `longi`, `sisId`): plant and SCD rows, map places. */
export function placeLocation(place: PlantRecord) {
  return {
    id: place.id,
    nome: place.nome,
    uf: place.uf,
    lat: place.lat,
    longi: place.lon,
    sisId: place.systemId,
  };
}
