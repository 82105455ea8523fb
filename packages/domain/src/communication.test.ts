import { describe, expect, it } from 'vitest';
import {
  communicationDisplay,
  communicationSummary,
  dataQuality,
  deviceCountTone,
  freshnessLabel,
  isOnline,
  isStale,
  isSynopticStale,
  METER_STALE_AFTER_MIN,
  notCurrentNote,
  rowCommunication,
  STALE_AFTER_MIN,
  SYNOPTIC_STALE_AFTER_MIN,
} from './communication.js';

const NOW = 1_700_000_000;
const minAgo = (m: number) => NOW - m * 60;

describe('isOnline: resumoComunicacao is online, or the reading is under 30 minutes old (180 for meters)', () => {
  it.each([
    [
      "resumoComunicacao 'online' is online",
      { resumoComunicacao: 'online', lastReadingTs: null },
      true,
    ],
    ["resumoComunicacao 'Online ' is online", { resumoComunicacao: 'Online ' }, true],
    [
      'a reading 29 minutes old is online',
      { resumoComunicacao: 'offline', lastReadingTs: minAgo(29) },
      true,
    ],
    [
      'a reading 30 minutes old is offline',
      { resumoComunicacao: 'offline', lastReadingTs: minAgo(30) },
      false,
    ],
    [
      'a meter reading 179 minutes old is online',
      { lastReadingTs: minAgo(179), isMeter: true },
      true,
    ],
    [
      'a meter reading 180 minutes old is offline',
      { lastReadingTs: minAgo(180), isMeter: true },
      false,
    ],
    [
      'no reading and no summary is offline',
      { resumoComunicacao: null, lastReadingTs: null },
      false,
    ],
    [
      "'>1 dia offline' with an old reading is offline",
      { resumoComunicacao: '>1 dia offline', lastReadingTs: minAgo(2000) },
      false,
    ],
  ])('%s', (_name, input, expected) => {
    expect(isOnline(input, NOW)).toBe(expected);
  });

  it('limits are 30, 180 and 20 minutes', () => {
    expect([STALE_AFTER_MIN, METER_STALE_AFTER_MIN, SYNOPTIC_STALE_AFTER_MIN]).toEqual([
      30, 180, 20,
    ]);
  });
});

describe("isStale: data older than 30 minutes is stale ('DESATUALIZADO')", () => {
  it.each([
    ['under 30 minutes is fresh', minAgo(29.9), undefined, false],
    ['30 minutes is stale', minAgo(30), undefined, true],
    ['no timestamp is stale', null, undefined, true],
    ['a custom limit applies', minAgo(50), 60, false],
  ])('%s', (_name, ts, limit, expected) => {
    expect(isStale(ts, NOW, limit)).toBe(expected);
  });

  it.each([
    [minAgo(19), false],
    [minAgo(20), true],
    [null, true],
  ])('a synoptic is stale after 20 minutes (ts %s: %s)', (ts, expected) => {
    expect(isSynopticStale(ts, NOW)).toBe(expected);
  });
});

describe('communicationSummary: what the server puts in resumoComunicacao', () => {
  it.each([
    ['a reading under 30 min is online', minAgo(1), 'online'],
    ['a reading in the future (clock skew) is online', NOW + 60, 'online'],
    ['30 minutes is offline', minAgo(30), 'offline'],
    ['exactly 24 hours is offline', minAgo(24 * 60), 'offline'],
    ["over 24 hours is '>1 dia offline'", minAgo(24 * 60 + 1), '>1 dia offline'],
    ["no reading is 'nunca comunicou'", null, 'nunca comunicou'],
  ] as const)('%s', (_name, ts, expected) => {
    expect(communicationSummary(ts, NOW)).toBe(expected);
  });
});

describe('freshnessLabel', () => {
  it.each([
    ['fresh data has no label', minAgo(5), null],
    ["stale data is 'DESATUALIZADO'", minAgo(31), 'DESATUALIZADO'],
    ["never communicated is 'NUNCA COMUNICOU'", undefined, 'NUNCA COMUNICOU'],
  ])('%s', (_name, ts, expected) => {
    expect(freshnessLabel(ts, NOW)).toBe(expected);
  });
});

describe('dataQuality: online, stale (DESATUALIZADO after 30 min, 180 for meters) or offline', () => {
  it.each([
    ['a reading 29 minutes old is online', { lastReadingTs: minAgo(29) }, 'online'],
    ["resumoComunicacao 'online' is online", { resumoComunicacao: 'online' }, 'online'],
    ['a reading 30 minutes old is stale', { lastReadingTs: minAgo(30) }, 'stale'],
    [
      'a meter reading 179 minutes old is online',
      { lastReadingTs: minAgo(179), isMeter: true },
      'online',
    ],
    [
      'a meter reading 180 minutes old is stale',
      { lastReadingTs: minAgo(180), isMeter: true },
      'stale',
    ],
    ['a reading 24 hours old is still stale', { lastReadingTs: minAgo(24 * 60) }, 'stale'],
    ['a reading over a day old is offline', { lastReadingTs: minAgo(24 * 60 + 1) }, 'offline'],
    [
      "'>1 dia offline' is offline",
      { resumoComunicacao: '>1 dia offline', lastReadingTs: minAgo(60) },
      'offline',
    ],
    ['no reading at all is offline', { lastReadingTs: null }, 'offline'],
    [
      "'nunca comunicou' is offline",
      { resumoComunicacao: 'nunca comunicou', lastReadingTs: minAgo(60) },
      'offline',
    ],
  ] as const)('%s', (_name, input, expected) => {
    expect(dataQuality(input, NOW)).toBe(expected);
  });
});

describe('communicationDisplay (spec 001 §4: one text and tone for every screen)', () => {
  const now = 1_763_700_000;
  it("is 'Online' and good under 30 minutes, or when the summary says online", () => {
    expect(communicationDisplay({ lastReadingTs: now - 29 * 60 }, now)).toEqual({
      online: true,
      quality: 'online',
      text: 'Online',
      tone: 'good',
    });
    expect(
      communicationDisplay({ resumoComunicacao: 'online', lastReadingTs: null }, now).online,
    ).toBe(true);
  });
  it('gives meters 180 minutes', () => {
    expect(communicationDisplay({ lastReadingTs: now - 179 * 60, isMeter: true }, now).online).toBe(
      true,
    );
    expect(communicationDisplay({ lastReadingTs: now - 179 * 60 }, now).text).toBe('DESATUALIZADO');
  });
  it("is 'NUNCA COMUNICOU', offline and neutral, for a device never heard", () => {
    expect(communicationDisplay({ lastReadingTs: null }, now)).toMatchObject({
      quality: 'offline',
      text: 'NUNCA COMUNICOU',
      tone: 'neutral',
    });
    expect(
      communicationDisplay({ resumoComunicacao: 'nunca comunicou', lastReadingTs: now - 3600 }, now)
        .text,
    ).toBe('NUNCA COMUNICOU');
  });
  it("is 'DESATUALIZADO' red when stale, 'SEM COMUNICAÇÃO' gray once '>1 dia offline' (as the map pins)", () => {
    expect(
      communicationDisplay({ resumoComunicacao: 'offline', lastReadingTs: now - 3600 }, now),
    ).toMatchObject({ quality: 'stale', text: 'DESATUALIZADO', tone: 'bad' });
    expect(
      communicationDisplay(
        { resumoComunicacao: '>1 dia offline', lastReadingTs: now - 2 * 86_400 },
        now,
      ),
    ).toMatchObject({ quality: 'offline', text: 'SEM COMUNICAÇÃO', tone: 'neutral' });
  });
});

describe('notCurrentNote: a value of a device that is not online says so, with its last reading', () => {
  it('says nothing for an online device', () => {
    expect(notCurrentNote({ quality: 'online', text: 'Online' }, NOW)).toBeNull();
  });
  it('names the state and the time of the last reading (Brasília)', () => {
    expect(
      notCurrentNote(
        { quality: 'offline', text: 'SEM COMUNICAÇÃO' },
        Date.UTC(2026, 10, 24, 13, 15) / 1000,
      ),
    ).toBe('SEM COMUNICAÇÃO · última leitura 24/11/2026 10:15:00');
  });
  it('is the state alone without a reading', () => {
    expect(notCurrentNote({ quality: 'offline', text: 'NUNCA COMUNICOU' }, null)).toBe(
      'NUNCA COMUNICOU',
    );
  });
});

describe('rowCommunication: the same display from a row as the server sends it', () => {
  it("reads ultimaLeitura, and 'medidor' rows get 180 minutes", () => {
    const row = { resumoComunicacao: 'offline', ultimaLeitura: minAgo(100) };
    expect(rowCommunication(row, NOW).text).toBe('DESATUALIZADO');
    expect(rowCommunication({ ...row, tipo: 'medidor' }, NOW)).toEqual({
      online: true,
      quality: 'online',
      text: 'Online',
      tone: 'good',
    });
    expect(rowCommunication({ resumoComunicacao: null, ultimaLeitura: null }, NOW).text).toBe(
      'NUNCA COMUNICOU',
    );
  });
});

describe('deviceCountTone: a summary count in its state colour', () => {
  it.each([
    ['online', 12, 'good'],
    ['online', 0, 'neutral'],
    ['offline', 3, 'bad'],
    ['offline', 0, 'neutral'],
    ['alarm', 5, 'bad'],
    ['alarm', 0, 'neutral'],
  ] as const)('%s %i → %s', (kind, count, tone) => {
    expect(deviceCountTone(kind, count)).toBe(tone);
  });

  it('never paints online and offline counts alike', () => {
    expect(deviceCountTone('online', 4)).not.toBe(deviceCountTone('offline', 4));
  });
});
