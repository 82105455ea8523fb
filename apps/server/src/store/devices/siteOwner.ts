import type { TipoLocal } from '@vigia/contract';
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { allowedSystemIds } from '../../auth/scope.js';
import type { Database } from '../schema.js';
import { deviceInScope } from './deviceScope.js';
import type { DeviceSelection } from './deviceSelection.js';
import { placeInScope } from './placeScope.js';

/** Who owns a site configuration: a device (a site), a plant or an SCD. */
export interface SiteOwner {
  column: 'device_id' | 'usina_id' | 'scd_id';
  id: number;
  /** The devices whose readings the owner's panels show. */
  devices: DeviceSelection;
}

/** Resolves `{idSite}` with `tipoLocal`; 404 when it is not one of the caller's. */
export async function siteOwner(
  request: FastifyRequest,
  db: Kysely<Database>,
  idSite: number,
  tipoLocal: TipoLocal,
): Promise<SiteOwner> {
  const systemIds = allowedSystemIds(request);
  switch (tipoLocal) {
    case 'dispositivo': {
      const device = await deviceInScope(request, db, idSite);
      return { column: 'device_id', id: device.id, devices: { systemIds, deviceIds: [device.id] } };
    }
    case 'usina': {
      const plant = await placeInScope(db, 'usina', idSite, systemIds);
      return { column: 'usina_id', id: plant.id, devices: { systemIds, usinaId: plant.id } };
    }
    case 'scd': {
      const scd = await placeInScope(db, 'scd', idSite, systemIds);
      return { column: 'scd_id', id: scd.id, devices: { systemIds, scdId: scd.id } };
    }
  }
}
