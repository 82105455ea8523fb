import { describe, expect, it } from 'vitest';
import {
  addDays,
  addMonths,
  calendarDateOf,
  calendarDaysInclusive,
  compareDates,
  daysInMonth,
  endOfDaySec,
  formatDate,
  formatDateTime,
  formatIsoDate,
  formatTime,
  isoDate,
  parseIsoDate,
  startOfDaySec,
  TIME_ZONE,
  today,
  weekdayOf,
  zonedParts,
  zonedTimeToEpochMs,
} from './date.js';

/** Wall-clock time in São Paulo (UTC-3 since 2019) as epoch ms. */
const sp = (y: number, m: number, d: number, h = 0, mi = 0, s = 0) =>
  Date.UTC(y, m - 1, d, h + 3, mi, s);

it('the time zone is America/Sao_Paulo', () => {
  expect(TIME_ZONE).toBe('America/Sao_Paulo');
});

describe('formatDateTime: dates are dd/MM/yyyy HH:mm:ss from epoch seconds', () => {
  it.each([
    ['a November 2023 instant', 1_700_000_000, '14/11/2023 19:13:20'],
    ['fractions of a second are dropped', 1_700_000_000.9, '14/11/2023 19:13:20'],
    ['midnight in São Paulo', sp(2024, 3, 1) / 1000, '01/03/2024 00:00:00'],
    ['epoch 0 is 31/12/1969 21:00:00 in São Paulo', 0, '31/12/1969 21:00:00'],
    [
      'summer time of 2018 (UTC-2) is honoured',
      Date.UTC(2018, 0, 15, 12) / 1000,
      '15/01/2018 10:00:00',
    ],
    ["a missing date is '---'", null, '---'],
    ["undefined is '---'", undefined, '---'],
    ["NaN is '---'", Number.NaN, '---'],
  ])('%s', (_name, sec, expected) => {
    expect(formatDateTime(sec)).toBe(expected);
  });

  it.each([
    [sp(2024, 12, 25, 7, 5, 9) / 1000, '25/12/2024', '07:05'],
    [null, '---', '---'],
  ])('formatDate / formatTime of %s', (sec, date, time) => {
    expect(formatDate(sec)).toBe(date);
    expect(formatTime(sec)).toBe(time);
  });
});

describe('Dates travel as epoch seconds or as YYYY-MM-DD text', () => {
  it.each([
    ['late evening in São Paulo is still that day', sp(2024, 2, 29, 23, 30) / 1000, '2024-02-29'],
    ['just after midnight', sp(2024, 3, 1, 0, 0, 1) / 1000, '2024-03-01'],
  ])('formatIsoDate: %s', (_name, sec, expected) => {
    expect(formatIsoDate(sec)).toBe(expected);
  });

  it.each([
    ['2024-02-29', { year: 2024, month: 2, day: 29 }],
    [' 2024-01-05 ', { year: 2024, month: 1, day: 5 }],
    ['2023-02-29', null],
    ['2024-13-01', null],
    ['2024-00-10', null],
    ['2024-1-5', null],
    ['', null],
    [null, null],
  ])('parseIsoDate(%s)', (text, expected) => {
    expect(parseIsoDate(text)).toEqual(expected);
  });

  it('isoDate pads', () => {
    expect(isoDate({ year: 2024, month: 1, day: 5 })).toBe('2024-01-05');
  });
});

describe('calendar arithmetic', () => {
  it.each([
    [{ year: 2024, month: 3, day: 11 }, 0],
    [{ year: 2024, month: 3, day: 13 }, 2],
    [{ year: 2024, month: 3, day: 17 }, 6],
  ])('weekdayOf(%o) is %d (0 Monday … 6 Sunday)', (d, expected) => {
    expect(weekdayOf(d)).toBe(expected);
  });

  it.each([
    [{ year: 2024, month: 3, day: 1 }, -1, { year: 2024, month: 2, day: 29 }],
    [{ year: 2023, month: 12, day: 31 }, 1, { year: 2024, month: 1, day: 1 }],
  ])('addDays(%o, %d)', (d, n, expected) => {
    expect(addDays(d, n)).toEqual(expected);
  });

  it.each([
    [{ year: 2024, month: 1, day: 31 }, 1, { year: 2024, month: 2, day: 29 }],
    [{ year: 2024, month: 1, day: 15 }, -1, { year: 2023, month: 12, day: 15 }],
    [{ year: 2024, month: 12, day: 1 }, 1, { year: 2025, month: 1, day: 1 }],
  ])('addMonths(%o, %d)', (d, n, expected) => {
    expect(addMonths(d, n)).toEqual(expected);
  });

  it('daysInMonth and compareDates', () => {
    expect(daysInMonth(2024, 2)).toBe(29);
    expect(daysInMonth(2023, 2)).toBe(28);
    expect(compareDates({ year: 2024, month: 1, day: 2 }, { year: 2023, month: 12, day: 31 })).toBe(
      2,
    );
  });

  it.each([
    [sp(2024, 1, 1), sp(2024, 1, 1, 23, 59), 1],
    [sp(2024, 1, 1, 23), sp(2024, 1, 2, 1), 2],
    [sp(2024, 1, 1), sp(2024, 1, 31, 23, 59, 59), 31],
  ])('calendarDaysInclusive(%d, %d) is %d', (start, end, expected) => {
    expect(calendarDaysInclusive(start, end)).toBe(expected);
  });
});

describe('zoned times', () => {
  it('zonedParts equals ICU minute by minute across daylight-saving changes and at random instants', () => {
    const icu = new Intl.DateTimeFormat('en-US', {
      timeZone: 'America/Sao_Paulo',
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    const fromIcu = (ms: number) => {
      const f = Object.fromEntries(
        icu
          .formatToParts(new Date(ms))
          .filter((p) => p.type !== 'literal')
          .map((p) => [p.type, Number(p.value)]),
      );
      return [f.year, f.month, f.day, f.hour, f.minute, f.second];
    };
    const ours = (ms: number) => {
      const p = zonedParts(ms);
      return [p.year, p.month, p.day, p.hour, p.minute, p.second];
    };
    const instants: number[] = [];
    // Daylight saving began 2018-11-04 00:00 and ended 2019-02-17 00:00 (local time).
    for (const [from, to] of [
      [Date.UTC(2018, 10, 3, 12), Date.UTC(2018, 10, 4, 12)],
      [Date.UTC(2019, 1, 16, 12), Date.UTC(2019, 1, 17, 12)],
    ] as const) {
      for (let t = from; t <= to; t += 60_000 + 7) instants.push(t);
    }
    let seed = 7;
    for (let i = 0; i < 2000; i++) {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      instants.push(Date.UTC(1990, 0, 1) + (seed / 2_147_483_648) * 1.3e12);
    }
    for (const t of instants) expect(ours(t), new Date(t).toISOString()).toEqual(fromIcu(t));
  });

  it('zonedParts and calendarDateOf read the São Paulo wall clock', () => {
    expect(zonedParts(sp(2024, 3, 13, 15, 30, 5))).toEqual({
      year: 2024,
      month: 3,
      day: 13,
      hour: 15,
      minute: 30,
      second: 5,
      weekday: 2,
    });
    expect(calendarDateOf(Date.UTC(2024, 2, 11, 2))).toEqual({ year: 2024, month: 3, day: 10 });
    expect(today(new Date(Date.UTC(2024, 2, 11, 2)))).toEqual({ year: 2024, month: 3, day: 10 });
  });

  it.each([
    ['a plain day starts at 03:00 UTC', { year: 2024, month: 3, day: 10 }, sp(2024, 3, 10) / 1000],
    [
      'a summer-time day starts at 02:00 UTC',
      { year: 2018, month: 1, day: 15 },
      Date.UTC(2018, 0, 15, 2) / 1000,
    ],
    [
      'the day summer time began (no midnight) starts at 01:00 local',
      { year: 2018, month: 11, day: 4 },
      Date.UTC(2018, 10, 4, 3) / 1000,
    ],
  ])('startOfDaySec: %s', (_name, d, expected) => {
    expect(startOfDaySec(d)).toBe(expected);
  });

  it('endOfDaySec is 23:59:59', () => {
    expect(endOfDaySec({ year: 2024, month: 3, day: 10 })).toBe(sp(2024, 3, 10, 23, 59, 59) / 1000);
  });

  it('a repeated hour (summer time end, 16 Feb 2019) resolves to its first occurrence', () => {
    expect(zonedTimeToEpochMs({ year: 2019, month: 2, day: 16 }, 23, 30)).toBe(
      Date.UTC(2019, 1, 17, 1, 30),
    );
  });
});
