import { PLACEHOLDER_NUMBER } from './messages.js';

/** Every date the console shows or groups by is in Brasília time. */
export const TIME_ZONE = 'America/Sao_Paulo';

const DAY_MS = 86_400_000;

/** A day of the calendar, month 1–12. */
export interface CalendarDate {
  year: number;
  month: number;
  day: number;
}

export interface ZonedParts extends CalendarDate {
  hour: number;
  minute: number;
  second: number;
  /** 0 Monday … 6 Sunday (the `dia_semana` convention of spec 001 §3). */
  weekday: number;
}

let partsFormatter: Intl.DateTimeFormat | undefined;

function formatter(): Intl.DateTimeFormat {
  partsFormatter ??= new Intl.DateTimeFormat('en-US', {
    timeZone: TIME_ZONE,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  });
  return partsFormatter;
}

const HOUR_MS = 3_600_000;
/** UTC offset (ms) of São Paulo per UTC hour: zone changes happen on whole hours. */
const offsets = new Map<number, number>();

/** São Paulo's UTC offset at an instant, read from ICU once per hour of time (formatToParts is slow). */
function offsetAt(epochMs: number): number {
  const hour = Math.floor(epochMs / HOUR_MS);
  let offset = offsets.get(hour);
  if (offset === undefined) {
    const at = hour * HOUR_MS;
    const fields: Record<string, number> = {};
    for (const part of formatter().formatToParts(new Date(at))) {
      if (part.type !== 'literal') fields[part.type] = Number(part.value);
    }
    const wall = Date.UTC(
      fields.year ?? 0,
      (fields.month ?? 1) - 1,
      fields.day ?? 1,
      fields.hour ?? 0,
      fields.minute ?? 0,
      fields.second ?? 0,
    );
    offset = wall - at;
    if (offsets.size >= 4096) offsets.clear();
    offsets.set(hour, offset);
  }
  return offset;
}

/** Wall-clock fields in America/Sao_Paulo of an instant (epoch milliseconds). */
export function zonedParts(epochMs: number): ZonedParts {
  const wall = new Date(epochMs + offsetAt(epochMs));
  const date = {
    year: wall.getUTCFullYear(),
    month: wall.getUTCMonth() + 1,
    day: wall.getUTCDate(),
  };
  return {
    ...date,
    hour: wall.getUTCHours(),
    minute: wall.getUTCMinutes(),
    second: wall.getUTCSeconds(),
    weekday: weekdayOf(date),
  };
}

/** The calendar day an instant falls on in America/Sao_Paulo. */
export function calendarDateOf(epochMs: number): CalendarDate {
  const { year, month, day } = zonedParts(epochMs);
  return { year, month, day };
}

function utcMsOf(d: CalendarDate): number {
  return Date.UTC(d.year, d.month - 1, d.day);
}

/** Days since 1970-01-01 of a calendar day: subtracting two gives a day count. */
export function dayNumber(d: CalendarDate): number {
  return Math.round(utcMsOf(d) / DAY_MS);
}

export function weekdayOf(d: CalendarDate): number {
  return (new Date(utcMsOf(d)).getUTCDay() + 6) % 7;
}

export function addDays(d: CalendarDate, days: number): CalendarDate {
  const t = new Date(utcMsOf(d) + days * DAY_MS);
  return { year: t.getUTCFullYear(), month: t.getUTCMonth() + 1, day: t.getUTCDate() };
}

/** The same day `months` later (day clamped to the month's length). */
export function addMonths(d: CalendarDate, months: number): CalendarDate {
  const index = d.year * 12 + (d.month - 1) + months;
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  return { year, month, day: Math.min(d.day, daysInMonth(year, month)) };
}

export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

export function compareDates(a: CalendarDate, b: CalendarDate): number {
  return dayNumber(a) - dayNumber(b);
}

function offsetMs(instantMs: number): number {
  const whole = Math.floor(instantMs / 1000) * 1000;
  const p = zonedParts(whole);
  return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) - whole;
}

/** The instant (epoch ms) of a wall-clock time in America/Sao_Paulo. */
export function zonedTimeToEpochMs(d: CalendarDate, hour = 0, minute = 0, second = 0): number {
  const asUtc = Date.UTC(d.year, d.month - 1, d.day, hour, minute, second);
  // The offset depends on the instant we are looking for; try the offsets of both
  // neighbourhoods. In an overlap both fit (take the earlier); in a DST gap neither
  // does (take the later, i.e. the first instant after the gap).
  const first = asUtc - offsetMs(asUtc);
  const other = asUtc - offsetMs(first);
  const fitting = [first, other].filter((c) => c + offsetMs(c) === asUtc);
  return fitting.length > 0 ? Math.min(...fitting) : Math.max(first, other);
}

/** Epoch seconds of 00:00:00 of a day in America/Sao_Paulo. */
export function startOfDaySec(d: CalendarDate): number {
  return Math.floor(zonedTimeToEpochMs(d) / 1000);
}

/** Epoch seconds of 23:59:59 of a day in America/Sao_Paulo. */
export function endOfDaySec(d: CalendarDate): number {
  return startOfDaySec(addDays(d, 1)) - 1;
}

/** Calendar days a period touches, both ends inclusive (epoch ms). */
export function calendarDaysInclusive(startMs: number, endMs: number): number {
  return dayNumber(calendarDateOf(endMs)) - dayNumber(calendarDateOf(startMs)) + 1;
}

function isMissing(value: number | null | undefined): value is null | undefined {
  return typeof value !== 'number' || !Number.isFinite(value);
}

function pad2(n: number): string {
  return String(n).padStart(2, '0');
}

/** 'dd/MM/yyyy HH:mm:ss' in America/Sao_Paulo from epoch seconds; '---' when missing. */
export function formatDateTime(epochSec: number | null | undefined): string {
  if (isMissing(epochSec)) return PLACEHOLDER_NUMBER;
  const p = zonedParts(Math.floor(epochSec) * 1000);
  return `${pad2(p.day)}/${pad2(p.month)}/${p.year} ${pad2(p.hour)}:${pad2(p.minute)}:${pad2(p.second)}`;
}

/** 'dd/MM/yyyy' in America/Sao_Paulo from epoch seconds; '---' when missing. */
export function formatDate(epochSec: number | null | undefined): string {
  if (isMissing(epochSec)) return PLACEHOLDER_NUMBER;
  const p = zonedParts(Math.floor(epochSec) * 1000);
  return `${pad2(p.day)}/${pad2(p.month)}/${p.year}`;
}

/** 'HH:mm' in America/Sao_Paulo from epoch seconds; '---' when missing. */
export function formatTime(epochSec: number | null | undefined): string {
  if (isMissing(epochSec)) return PLACEHOLDER_NUMBER;
  const p = zonedParts(Math.floor(epochSec) * 1000);
  return `${pad2(p.hour)}:${pad2(p.minute)}`;
}

/** 'YYYY-MM-DD' of a calendar day. */
export function isoDate(d: CalendarDate): string {
  return `${String(d.year).padStart(4, '0')}-${pad2(d.month)}-${pad2(d.day)}`;
}

/** 'YYYY-MM-DD' of the day an instant (epoch seconds) falls on in America/Sao_Paulo. */
export function formatIsoDate(epochSec: number): string {
  return isoDate(calendarDateOf(Math.floor(epochSec) * 1000));
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A 'YYYY-MM-DD' text as a calendar day, or null when it is not a real date. */
export function parseIsoDate(text: string | null | undefined): CalendarDate | null {
  const match = typeof text === 'string' ? ISO_DATE.exec(text.trim()) : null;
  if (!match) return null;
  const d = { year: Number(match[1]), month: Number(match[2]), day: Number(match[3]) };
  if (d.month < 1 || d.month > 12 || d.day < 1 || d.day > daysInMonth(d.year, d.month)) {
    return null;
  }
  return d;
}

/** The calendar day of `now` in America/Sao_Paulo. */
export function today(now: Date): CalendarDate {
  return calendarDateOf(now.getTime());
}
