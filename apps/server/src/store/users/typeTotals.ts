import type { TipoTotal } from '@vigia/contract';
import { isOnline } from '@vigia/domain';
import type { Kysely } from 'kysely';
import type { Database } from '../schema.js';

/** Device totals per type (lower-cased) of `systemIds`: all, online, with an active alarm; by type. */
export async function deviceTypeTotals(
  db: Kysely<Database>,
  systemIds: readonly number[],
  nowSec: number,
): Promise<TipoTotal[]> {
  if (systemIds.length === 0) return [];
  const [devices, alarmed] = await Promise.all([
    db
      .selectFrom('devices')
      .select(['id', 'tipo', 'last_seen_at'])
      .where('system_id', 'in', systemIds)
      .execute(),
    db
      .selectFrom('occurrences')
      .select('device_id')
      .distinct()
      .where('system_id', 'in', systemIds)
      .where('hora_desativacao', 'is', null)
      .where('is_evt', '=', 0)
      .execute(),
  ]);
  const withAlarm = new Set(alarmed.map((o) => o.device_id));
  const totals = new Map<string, TipoTotal>();
  for (const device of devices) {
    const tipo = device.tipo.toLowerCase();
    let total = totals.get(tipo);
    if (!total) {
      total = { tipo, total: 0, online: 0, comAlarme: 0 };
      totals.set(tipo, total);
    }
    total.total += 1;
    if (isOnline({ lastReadingTs: device.last_seen_at, isMeter: tipo === 'medidor' }, nowSec)) {
      total.online += 1;
    }
    if (withAlarm.has(device.id)) total.comAlarme += 1;
  }
  return [...totals.values()].sort((a, b) => a.tipo.localeCompare(b.tipo));
}
