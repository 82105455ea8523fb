import type { DataSinotico, DeviceRow } from '@vigia/contract';

/** The device ids a site query's answer shows: one device, a synoptic's or a list of peers. */
export function deviceIdsOf(data: unknown): number[] {
  if (!data || typeof data !== 'object') return [];
  if (Array.isArray(data)) return (data as DeviceRow[]).map((row) => row.id);
  const synoptic = data as Partial<DataSinotico>;
  if (Array.isArray(synoptic.dispositivos)) return synoptic.dispositivos.map((row) => row.id);
  const row = data as Partial<DeviceRow>;
  return typeof row.id === 'number' ? [row.id] : [];
}
