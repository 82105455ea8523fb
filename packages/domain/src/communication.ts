import { formatDateTime } from './date.js';
import { NEVER_COMMUNICATED, OFFLINE_LABEL, ONLINE_LABEL, STALE_LABEL } from './messages.js';
import type { Tone } from './tone.js';

/** Spec 001 §4: data older than 30 minutes is stale; a device is online under it. */
export const STALE_AFTER_MIN = 30;
/** Spec 001 §4: energy meters report less often: online under 180 minutes. */
export const METER_STALE_AFTER_MIN = 180;
/** Spec 001 §4: a synoptic is stale after 20 minutes. */
export const SYNOPTIC_STALE_AFTER_MIN = 20;
/** Over 24 hours without a reading the summary says '>1 dia offline'. */
export const OFFLINE_LONG_AFTER_MIN = 24 * 60;

export type CommunicationSummary = 'online' | '>1 dia offline' | 'offline' | 'nunca comunicou';

export interface CommunicationInput {
  resumoComunicacao?: string | null;
  /** Epoch seconds of the newest reading. */
  lastReadingTs?: number | null;
  isMeter?: boolean;
}

function ageMin(ts: number, nowSec: number): number {
  return (nowSec - ts) / 60;
}

function hasTs(ts: number | null | undefined): ts is number {
  return typeof ts === 'number' && Number.isFinite(ts);
}

/** Online if `resumoComunicacao` is 'online' or the reading is under 30 min old (180 for meters). */
export function isOnline(o: CommunicationInput, nowSec: number): boolean {
  if (o.resumoComunicacao?.trim().toLowerCase() === 'online') return true;
  if (!hasTs(o.lastReadingTs)) return false;
  const limit = o.isMeter ? METER_STALE_AFTER_MIN : STALE_AFTER_MIN;
  return ageMin(o.lastReadingTs, nowSec) < limit;
}

/** Stale from `limitMin` minutes on; no reading at all is stale too. */
export function isStale(
  ts: number | null | undefined,
  nowSec: number,
  limitMin = STALE_AFTER_MIN,
): boolean {
  if (!hasTs(ts)) return true;
  return ageMin(ts, nowSec) >= limitMin;
}

export function isSynopticStale(tsMenosAtualizado: number | null | undefined, nowSec: number) {
  return isStale(tsMenosAtualizado, nowSec, SYNOPTIC_STALE_AFTER_MIN);
}

/** What the server stores in `resumoComunicacao`. */
export function communicationSummary(
  lastReadingTs: number | null | undefined,
  nowSec: number,
): CommunicationSummary {
  if (!hasTs(lastReadingTs)) return 'nunca comunicou';
  const age = ageMin(lastReadingTs, nowSec);
  if (age < STALE_AFTER_MIN) return 'online';
  if (age > OFFLINE_LONG_AFTER_MIN) return '>1 dia offline';
  return 'offline';
}

/** The freshness badge of a value: 'NUNCA COMUNICOU', 'DESATUALIZADO' or nothing. */
export function freshnessLabel(
  ts: number | null | undefined,
  nowSec: number,
  limitMin = STALE_AFTER_MIN,
): string | null {
  if (!hasTs(ts)) return NEVER_COMMUNICATED;
  return isStale(ts, nowSec, limitMin) ? STALE_LABEL : null;
}

/**
 * The quality of a device's data (as ISA-101 and OPC UA status codes treat it):
 * 'online' current; 'stale' no reading for 30 minutes (180 for meters),
 * DESATUALIZADO; 'offline' a communication failure: over a day without a
 * reading ('>1 dia offline') or never heard ('nunca comunicou').
 */
export type DataQuality = 'online' | 'stale' | 'offline';

/** Online under the staleness limit; offline after a day or never heard; stale between. */
export function dataQuality(o: CommunicationInput, nowSec: number): DataQuality {
  if (isOnline(o, nowSec)) return 'online';
  const summary = o.resumoComunicacao?.trim().toLowerCase();
  if (!hasTs(o.lastReadingTs)) return 'offline';
  if (summary === 'nunca comunicou' || summary === '>1 dia offline') return 'offline';
  return ageMin(o.lastReadingTs, nowSec) > OFFLINE_LONG_AFTER_MIN ? 'offline' : 'stale';
}

export interface CommunicationDisplay {
  online: boolean;
  quality: DataQuality;
  /** 'Online', 'DESATUALIZADO', 'SEM COMUNICAÇÃO' or 'NUNCA COMUNICOU'. */
  text: string;
  tone: Tone;
}

/**
 * How a device's communication shows wherever it shows (lists, cards, site
 * header, site tables, map pins' text): 'Online' (good) under the staleness
 * limit; 'DESATUALIZADO' red after it (spec 001 §4); 'SEM COMUNICAÇÃO' gray
 * after a day, as the map pins; 'NUNCA COMUNICOU' (gray) for a device never heard.
 */
export function communicationDisplay(o: CommunicationInput, nowSec: number): CommunicationDisplay {
  const quality = dataQuality(o, nowSec);
  if (quality === 'online') return { online: true, quality, text: ONLINE_LABEL, tone: 'good' };
  if (quality === 'stale') return { online: false, quality, text: STALE_LABEL, tone: 'bad' };
  const summary = o.resumoComunicacao?.trim().toLowerCase();
  const never = !hasTs(o.lastReadingTs) || summary === 'nunca comunicou';
  return {
    online: false,
    quality,
    text: never ? NEVER_COMMUNICATED : OFFLINE_LABEL,
    tone: 'neutral',
  };
}

/**
 * The note a value of a device that is not online carries (its title and
 * accessible name): 'DESATUALIZADO · última leitura 24/11/2026 10:15:00';
 * null for a current value.
 */
export function notCurrentNote(
  display: Pick<CommunicationDisplay, 'quality' | 'text'>,
  lastReadingTs: number | null | undefined,
): string | null {
  if (display.quality === 'online') return null;
  if (!hasTs(lastReadingTs)) return display.text;
  return `${display.text} · última leitura ${formatDateTime(lastReadingTs)}`;
}

/** The wire rows' own names: `ultimaLeitura` (epoch s of the freshest reading), `tipo` ('medidor'). */
export interface CommunicatingRow {
  resumoComunicacao: string | null;
  ultimaLeitura: number | null;
  tipo?: string | null;
}

/** `communicationDisplay` of a device, site or pin row as the server sends it. */
export function rowCommunication(row: CommunicatingRow, nowSec: number): CommunicationDisplay {
  return communicationDisplay(
    {
      resumoComunicacao: row.resumoComunicacao,
      lastReadingTs: row.ultimaLeitura,
      isMeter: row.tipo === 'medidor',
    },
    nowSec,
  );
}

/** What a count on a summary counts: devices online, not current (stale or silent), with an active alarm. */
export type DeviceCountKind = 'online' | 'offline' | 'alarm';

/**
 * The colour of a device count on a summary (cluster home, type cards): online
 * in the communication colour (good), devices not current and devices with an
 * active alarm in the alarm colour (bad), a zero in no colour. Never one colour
 * for online and offline alike.
 */
export function deviceCountTone(kind: DeviceCountKind, count: number): Tone {
  if (!(count > 0)) return 'neutral';
  return kind === 'online' ? 'good' : 'bad';
}
