import { z } from 'zod';
import { querySisId, resumoComunicacao } from './devices.js';
import { defineRoute } from './route.js';

/*
 * GPS and maps (spec 000 §7 "GPS and maps", spec 001 §3 "GPS device").
 */

const id = z.number().int();

/**
 * A device pin: `local`, `lat`, `longi` (spec 001 §3) and the pin colour
 * inputs. `cor` is domain `mapPinColor(resumoComunicacao)` (online green,
 * '>1 dia offline' gray, else red).
 */
export const gpsDevice = z.object({
  id,
  nome: z.string(),
  patrimonio: z.string(),
  tipo: z.string(),
  local: z.string(),
  uf: z.string(),
  lat: z.number(),
  longi: z.number(),
  sisId: id,
  usinaId: id.nullable(),
  scdId: id.nullable(),
  venueId: id.nullable(),
  resumoComunicacao,
  ultimaLeitura: z.number().int().nullable(),
  alarmTreeMapValue: z.number().int().nonnegative(),
  cor: z.enum(['green', 'gray', 'red']),
});
export type GpsDevice = z.infer<typeof gpsDevice>;

/** `GET /api/gps/gpsDevices?sisid=`: every located device of the system (0 or absent: all the caller's). */
export const gpsDevicesQuery = z.object({ sisid: querySisId.optional() });
export const gpsDeviceList = z.array(gpsDevice);

/** A fixed location drawn on the map: a plant or an SCD. */
export const mapPlace = z.object({
  tipo: z.enum(['usina', 'scd']),
  id,
  nome: z.string(),
  uf: z.string(),
  lat: z.number(),
  longi: z.number(),
  sisId: id,
});
export type MapPlace = z.infer<typeof mapPlace>;

/**
 * `GET /api/gps/map?sisid=`: what the map draws besides the pins: the fixed
 * locations (plants and SCDs) and the bounds that fit devices and places
 * (null when nothing is located). Pin size and maximum zoom are the domain's
 * `MAP_PIN_SIZE_PX` and `MAP_MAX_ZOOM`.
 */
export const gpsMap = z.object({
  limites: z
    .object({ sul: z.number(), oeste: z.number(), norte: z.number(), leste: z.number() })
    .nullable(),
  locais: z.array(mapPlace),
});
export type GpsMap = z.infer<typeof gpsMap>;
export const gpsMapQuery = z.object({ sisid: querySisId.optional() });

/**
 * `GET /api/gps/listDevices?clientId=`: the devices of a client system
 * grouped by location, for the list beside the map (`clientId` 0 or absent:
 * every system of the caller; a system outside them: 404).
 */
export const gpsLocation = z.object({
  local: z.string(),
  uf: z.string(),
  lat: z.number(),
  longi: z.number(),
  cor: z.enum(['green', 'gray', 'red']),
  dispositivos: z.array(gpsDevice),
});
export type GpsLocation = z.infer<typeof gpsLocation>;
export const gpsListQuery = z.object({ clientId: querySisId.optional() });
export const gpsLocationList = z.array(gpsLocation);

const TAGS = ['mapas'];
const ERRORS = {
  400: 'Parâmetros inválidos',
  401: 'Sem sessão válida',
  404: 'Sistema fora dos sistemas do usuário',
} as const;

/** Spec 000 §7 "GPS and maps". */
export const GPS_API = {
  devices: defineRoute({
    method: 'GET',
    path: '/api/gps/gpsDevices',
    query: gpsDevicesQuery,
    answer: gpsDeviceList,
    errors: ERRORS,
    tags: TAGS,
    summary: 'Dispositivos com posição: local, lat, longi e a cor do pino',
    description: '`sisid` 0 ou ausente: todos os sistemas do usuário. Sem posição: fora da lista.',
  }),
  map: defineRoute({
    method: 'GET',
    path: '/api/gps/map',
    query: gpsMapQuery,
    answer: gpsMap,
    errors: ERRORS,
    tags: TAGS,
    summary: 'Locais fixos do mapa (usinas e SCDs) e os limites que enquadram a frota',
  }),
  locations: defineRoute({
    method: 'GET',
    path: '/api/gps/listDevices',
    query: gpsListQuery,
    answer: gpsLocationList,
    errors: ERRORS,
    tags: TAGS,
    summary: 'Dispositivos com posição agrupados por local, para a lista ao lado do mapa',
    description:
      '`clientId` é o sistema (cliente) — 0 ou ausente: todos os do usuário; fora deles: 404. ' +
      'A cor do local é a do seu dispositivo que comunicou por último.',
  }),
};
