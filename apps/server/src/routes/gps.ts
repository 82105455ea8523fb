import {
  errorBody,
  type GpsDevice,
  type GpsLocation,
  gpsDeviceList,
  gpsDevicesQuery,
  gpsListQuery,
  gpsLocationList,
  gpsMap,
  gpsMapQuery,
  type MapPlace,
} from '@vigia/contract';
import { communicationSummary, mapPinColor } from '@vigia/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { systemsInScope } from '../auth/scope.js';
import { nowSec } from '../devices/deviceRows.js';
import { countActiveAlarms, selectDevices } from '../devices/deviceStore.js';
import { sortRows } from '../devices/listing.js';
import { loadPlaces } from '../devices/places.js';
import type { Database } from '../store/schema.js';
import type { AppServices } from './services.js';

const ERRORS = { 400: errorBody, 401: errorBody, 404: errorBody };
const TAGS = ['mapas'];

/** Every located device of `systemIds` as a pin, one query for devices and one for alarms. */
async function gpsDevices(db: Kysely<Database>, systemIds: number[]): Promise<GpsDevice[]> {
  const [devices, alarms] = await Promise.all([
    selectDevices(db, { systemIds }),
    countActiveAlarms(db, { systemIds }),
  ]);
  const now = nowSec();
  const pins: GpsDevice[] = [];
  for (const d of devices) {
    if (d.lat === null || d.lon === null) continue;
    const resumoComunicacao = communicationSummary(d.lastSeenAt, now);
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
  return sortRows(pins, [{ value: (p) => p.local }, { value: (p) => p.nome }], (p) => p.id);
}

/** Spec 000 §7 "GPS and maps". */
export const gpsRoutes: FastifyPluginAsyncZod<AppServices> = async (app, { store }) => {
  const db = store.db;

  app.get(
    '/gps/gpsDevices',
    {
      schema: {
        tags: TAGS,
        summary: 'Dispositivos com posição: local, lat, longi e a cor do pino',
        description:
          '`sisid` 0 ou ausente: todos os sistemas do usuário. Sem posição: fora da lista.',
        querystring: gpsDevicesQuery,
        response: { 200: gpsDeviceList, ...ERRORS },
      },
    },
    async (request) => gpsDevices(db, systemsInScope(request, request.query.sisid)),
  );

  app.get(
    '/gps/map',
    {
      schema: {
        tags: TAGS,
        summary: 'Locais fixos do mapa (usinas e SCDs) e os limites que enquadram a frota',
        querystring: gpsMapQuery,
        response: { 200: gpsMap, ...ERRORS },
      },
    },
    async (request) => {
      const systemIds = systemsInScope(request, request.query.sisid);
      const [places, devices] = await Promise.all([
        loadPlaces(db, systemIds, { plants: true, scds: true }),
        selectDevices(db, { systemIds }),
      ]);
      const locais: MapPlace[] = [
        ...places.plants.map((p) => ({ tipo: 'usina' as const, ...p })),
        ...places.scds.map((s) => ({ tipo: 'scd' as const, ...s })),
      ].map((p) => ({
        tipo: p.tipo,
        id: p.id,
        nome: p.nome,
        uf: p.uf,
        lat: p.lat,
        longi: p.lon,
        sisId: p.systemId,
      }));
      let limites: { sul: number; norte: number; oeste: number; leste: number } | null = null;
      const extend = (lat: number, lon: number) => {
        if (!limites) {
          limites = { sul: lat, norte: lat, oeste: lon, leste: lon };
          return;
        }
        limites.sul = Math.min(limites.sul, lat);
        limites.norte = Math.max(limites.norte, lat);
        limites.oeste = Math.min(limites.oeste, lon);
        limites.leste = Math.max(limites.leste, lon);
      };
      for (const l of locais) extend(l.lat, l.longi);
      for (const d of devices) if (d.lat !== null && d.lon !== null) extend(d.lat, d.lon);
      return { limites, locais };
    },
  );

  app.get(
    '/gps/listDevices',
    {
      schema: {
        tags: TAGS,
        summary: 'Dispositivos com posição agrupados por local, para a lista ao lado do mapa',
        description:
          '`clientId` é o sistema (cliente) — 0 ou ausente: todos os do usuário; fora deles: 404. ' +
          'A cor do local é a do seu dispositivo que comunicou por último.',
        querystring: gpsListQuery,
        response: { 200: gpsLocationList, ...ERRORS },
      },
    },
    async (request) => {
      const pins = await gpsDevices(db, systemsInScope(request, request.query.clientId));
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
    },
  );
};
