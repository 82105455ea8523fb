import type { PlaceRef, SiteData } from '@vigia/contract';
import { siteTitle } from '@vigia/domain';
import type { Kysely } from 'kysely';
import { deviceFields } from '../devices/deviceRows.js';
import type { DeviceRecord } from '../devices/deviceStore.js';
import type { Database } from '../schema.js';

const ref = (id: number | null, nome: string | null): PlaceRef | null =>
  id === null || nome === null ? null : { id, nome };

/**
 * `GET /api/Sites/{id}/site`: a device (already checked in scope, with its
 * alarm count) with the names of its places, one query.
 */
export async function siteData(
  db: Kysely<Database>,
  device: DeviceRecord,
  nowSec: number,
): Promise<SiteData> {
  const names = await db
    .selectFrom('devices')
    .leftJoin('plants', 'plants.id', 'devices.usina_id')
    .leftJoin('scds', 'scds.id', 'devices.scd_id')
    .leftJoin('venues', 'venues.id', 'devices.venue_id')
    .leftJoin('device_groups', 'device_groups.id', 'devices.group_id')
    .leftJoin('energy_centers', 'energy_centers.id', 'devices.energy_center_id')
    .select([
      'plants.nome as usinaNome',
      'scds.nome as scdNome',
      'venues.nome as venueNome',
      'device_groups.nome as grupoNome',
      'energy_centers.nome as energyCenterNome',
    ])
    .where('devices.id', '=', device.id)
    .executeTakeFirstOrThrow();
  return {
    ...deviceFields(device, nowSec),
    siteId: device.id,
    titulo: siteTitle(device.patrimonio, device.localNome, device.usinaId !== null),
    usina: ref(device.usinaId, names.usinaNome),
    scd: ref(device.scdId, names.scdNome),
    venue: ref(device.venueId, names.venueNome),
    grupo: ref(device.groupId, names.grupoNome),
    energyCenter: ref(device.energyCenterId, names.energyCenterNome),
    alarmTreeMapValue: device.alarmCount ?? 0,
  };
}
