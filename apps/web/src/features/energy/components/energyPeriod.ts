import {
  calendarDateOf,
  endOfDaySec,
  energyDefaultWindow,
  formatIsoDate,
  type Period,
  parseIsoDate,
  startOfDaySec,
} from '@vigia/domain';

/** A route's date: 'YYYY-MM-DD', or epoch seconds (milliseconds when that large). */
function dayOf(text: string | undefined) {
  if (!text) return null;
  const iso = parseIsoDate(text);
  if (iso) return iso;
  if (!/^\d{1,14}$/.test(text)) return null;
  const n = Number(text);
  return calendarDateOf(n > 1e11 ? n : n * 1000);
}

/**
 * `:tsInit/:tsEnd` as a period of whole local days; either missing or
 * unreadable takes the default (previous 8 days to yesterday). Not validated
 * here: the page shows the period's message and loads nothing.
 */
export function periodFromRoute(tsInit: string | undefined, tsEnd: string | undefined): Period {
  const fallback = energyDefaultWindow(new Date());
  const start = dayOf(tsInit);
  const end = dayOf(tsEnd);
  return {
    inicio: start ? startOfDaySec(start) : fallback.inicio,
    fim: end ? endOfDaySec(end) : fallback.fim,
  };
}

/** A day of a `:ts` route (default yesterday) as the epoch seconds of its start. */
export function dayFromRoute(ts: string | undefined): number {
  const day = dayOf(ts);
  return day
    ? startOfDaySec(day)
    : startOfDaySec(calendarDateOf(energyDefaultWindow(new Date()).fim * 1000));
}

/** The route params of a period: its first and last local day. */
export function periodParams(period: Period) {
  return { tsInit: formatIsoDate(period.inicio), tsEnd: formatIsoDate(period.fim) };
}
