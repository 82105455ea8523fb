import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { allowedSystemIds } from '../../auth/scope.js';
import { notFound } from '../../plugins/httpError.js';
import type { Database } from '../schema.js';
import { type DeviceRecord, selectDevices } from './deviceStore.js';

/**
 * The device when it belongs to one of the caller's systems; otherwise 404.
 * With `alarms`, its active alarm count comes in the same query.
 */
export async function deviceInScope(
  request: FastifyRequest,
  db: Kysely<Database>,
  deviceId: number,
  options: { alarms?: boolean } = {},
): Promise<DeviceRecord> {
  const [device] = await selectDevices(
    db,
    { systemIds: allowedSystemIds(request), deviceIds: [deviceId] },
    options,
  );
  if (!device) throw notFound();
  return device;
}
