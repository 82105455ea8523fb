import type { DeviceRow } from '@vigia/contract';
import {
  freshnessLabel,
  isOnline,
  METER_STALE_AFTER_MIN,
  STALE_AFTER_MIN,
  SYNOPTIC_STALE_AFTER_MIN,
} from '@vigia/domain';

export interface Freshness {
  /** 'NUNCA COMUNICOU', 'DESATUALIZADO' or null when fresh. */
  label: string | null;
  /** The reading time the rule looked at (epoch seconds). */
  ts: number | null;
  online: boolean;
  /** Minutes after which the panel is stale: 30, 180 for meters, 20 for synoptics. */
  limitMin: number;
}

function oldestReading(rows: readonly DeviceRow[]): number | null {
  let oldest: number | null = null;
  for (const row of rows) {
    for (const info of row.infos) {
      const ts = info.valorAtual?.ts;
      if (typeof ts === 'number' && (oldest === null || ts < oldest)) oldest = ts;
    }
  }
  return oldest;
}

function newest(rows: readonly DeviceRow[]): number | null {
  let latest: number | null = null;
  for (const row of rows) {
    const ts = row.ultimaLeitura;
    if (ts !== null && (latest === null || ts > latest)) latest = ts;
  }
  return latest;
}

interface Input {
  device: DeviceRow | null;
  /** Every device the panel shows besides `device`. */
  peers: readonly DeviceRow[];
  synoptic: boolean;
  /** The synoptic call's `ts_menos_atualizado`. */
  tsMenosAtualizado?: number | null;
  meter: boolean;
  nowSec: number;
}

/**
 * Spec 001 §4 on a panel: a device panel is stale 30 min after the device's
 * newest reading (180 for meters); a synoptic 20 min after its oldest reading
 * (`ts_menos_atualizado`, and the oldest of the neighbours it draws). No
 * reading at all is 'NUNCA COMUNICOU'.
 */
export function panelFreshness(input: Input): Freshness {
  const { device, peers, synoptic, meter, nowSec } = input;
  if (synoptic) {
    const candidates = [input.tsMenosAtualizado ?? null, oldestReading(peers)].filter(
      (ts): ts is number => ts !== null,
    );
    const ts = candidates.length > 0 ? Math.min(...candidates) : null;
    const label = freshnessLabel(ts, nowSec, SYNOPTIC_STALE_AFTER_MIN);
    return {
      label,
      ts,
      online: deviceOnline(device, meter, nowSec, ts),
      limitMin: SYNOPTIC_STALE_AFTER_MIN,
    };
  }
  const ts = device ? device.ultimaLeitura : newest(peers);
  const limitMin = meter ? METER_STALE_AFTER_MIN : STALE_AFTER_MIN;
  return {
    label: freshnessLabel(ts, nowSec, limitMin),
    ts,
    online: deviceOnline(device, meter, nowSec, ts),
    limitMin,
  };
}

function deviceOnline(
  device: DeviceRow | null,
  meter: boolean,
  nowSec: number,
  fallbackTs: number | null,
): boolean {
  return isOnline(
    {
      resumoComunicacao: device?.resumoComunicacao ?? null,
      lastReadingTs: device ? device.ultimaLeitura : fallbackTs,
      isMeter: meter,
    },
    nowSec,
  );
}
