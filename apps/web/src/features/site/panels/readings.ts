import type { DeviceRow } from '@vigia/contract';
import { findInfo, infoValue } from '@vigia/domain';

export interface Reading {
  value: number | null;
  unit: string;
  label: string;
  /** Epoch seconds of the value, null when it never arrived. */
  ts: number | null;
}

const MISSING: Reading = { value: null, unit: '', label: '', ts: null };

/** A device's current reading by name (meter sites use `valor` and `ts` as they come). */
export function readingOf(device: DeviceRow | null | undefined, name: string): Reading {
  if (!device) return MISSING;
  // findInfo hands back the device's own entry, which carries `apelido`.
  const info = findInfo(device.infos, name) as DeviceRow['infos'][number] | undefined;
  if (!info) return MISSING;
  return {
    value: infoValue(device.infos, name),
    unit: info.unidade ?? '',
    label: info.apelido || info.nome,
    ts: info.valorAtual?.ts ?? null,
  };
}

export function currentValue(device: DeviceRow | null | undefined, name: string): number | null {
  return device ? infoValue(device.infos, name) : null;
}
