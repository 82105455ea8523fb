import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { downloadUrl, reportFileList } from '@vigia/contract';
import { addDays, calendarDateOf, endOfDaySec, isoDate, startOfDaySec } from '@vigia/domain';
import readXlsxFile from 'read-excel-file/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loggerOptions } from '../app.js';
import {
  DAILY_REPORT_LOOKBACK_DAYS,
  dailyReportKey,
  generateDailyReports,
} from '../reportFiles/dailyOccurrenceReport.js';
import { defaultReportFolder } from '../reportFiles/storage.js';
import { testStoreAvailable } from '../store/testStore.js';
import { startTestApp, type TestApp } from '../test/testApp.js';

const available = await testStoreAvailable();
const NOW = Math.floor(Date.now() / 1000);

describe.skipIf(!available)('report files: daily occurrence reports, listing, download', () => {
  let t: TestApp;
  let dataDir: string;
  let demo: { authorization: string };
  let cliente: { authorization: string };
  /** The app's access log, as the server writes it. */
  const log: string[] = [];
  const yesterday = addDays(calendarDateOf(NOW * 1000), -1);
  const get = (url: string, headers?: { authorization: string }) =>
    t.app.inject({ method: 'GET', url, headers });

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'vigia-reports-'));
    t = await startTestApp({
      env: { VIGIA_DATA_DIR: dataDir },
      logger: {
        ...loggerOptions({ logLevel: 'info' }),
        stream: { write: (line: string) => void log.push(line) },
      },
    });
    demo = await t.authHeader('demo');
    cliente = await t.authHeader('cliente');
  });

  afterAll(async () => {
    await t?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('writes one .xlsx a system for each closed local day, once', async () => {
    const systems = await t.store.db.selectFrom('systems').select('id').execute();
    const written = await generateDailyReports(t.store, defaultReportFolder(dataDir), NOW);
    expect(written).toHaveLength(systems.length * DAILY_REPORT_LOOKBACK_DAYS);
    expect(written).toContain(dailyReportKey(200, isoDate(yesterday)));
    expect(written.some((k) => k.endsWith(`${isoDate(calendarDateOf(NOW * 1000))}.xlsx`))).toBe(
      false,
    );
    expect(await generateDailyReports(t.store, defaultReportFolder(dataDir), NOW)).toEqual([]);
  });

  it('lists a system’s files newest first (20 by default), by day; none for a day without one', async () => {
    const all = reportFileList.parse(
      (await get('/api/relatorios/arquivos?sisId=200', demo)).json(),
    );
    expect(all.arquivos).toHaveLength(DAILY_REPORT_LOOKBACK_DAYS);
    expect(all.arquivos[0]?.key).toBe(dailyReportKey(200, isoDate(yesterday)));
    const day = reportFileList.parse(
      (await get(`/api/relatorios/arquivos?sisId=200&data=${isoDate(yesterday)}`, demo)).json(),
    );
    expect(day.arquivos.map((a) => a.key)).toEqual([dailyReportKey(200, isoDate(yesterday))]);
    const none = reportFileList.parse(
      (await get('/api/relatorios/arquivos?sisId=200&data=2001-01-01', demo)).json(),
    );
    expect(none.arquivos).toEqual([]);
  });

  it('downloads through a signed URL: the day’s occurrences as rows, dates as dates', async () => {
    const key = dailyReportKey(200, isoDate(yesterday));
    const answer = await get(
      `/api/relatorios/downloadUrl?bucket=relatorios&key=${encodeURIComponent(key)}`,
      demo,
    );
    expect(answer.statusCode).toBe(200);
    const { downloadUrl: url } = downloadUrl.parse(answer.json());
    const file = await get(url);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain('spreadsheetml');
    expect(file.headers['content-disposition']).toContain('.xlsx');
    const sheet = await readXlsxFile(file.rawPayload);
    const rows = sheet[0]?.data ?? (sheet as unknown as unknown[][]);
    const expected = await t.store.db
      .selectFrom('occurrences')
      .select(({ fn }) => fn.countAll<number>().as('n'))
      .where('system_id', '=', 200)
      .where('hora_ativacao', '>=', startOfDaySec(yesterday))
      .where('hora_ativacao', '<=', endOfDaySec(yesterday))
      .executeTakeFirstOrThrow();
    expect(rows[0]?.[0]).toBe('Ativação');
    expect(rows.length - 1).toBe(Number(expected.n));
    if (rows.length > 1) expect(rows[1]?.[0]).toBeInstanceOf(Date);
    // A forged or altered token downloads nothing.
    expect((await get(`${url.slice(0, -3)}abc`)).statusCode).toBe(404);
    // The signed token never reaches the access log (it downloads without a sign-in).
    const token = new URL(url, 'http://vigia').searchParams.get('token') ?? '';
    expect(token.length).toBeGreaterThan(20);
    expect(log.some((line) => line.includes('/api/relatorios/download?token=***'))).toBe(true);
    expect(log.join('')).not.toContain(token);
  });

  it('cliente gets 404 for another system’s listing and file', async () => {
    expect((await get('/api/relatorios/arquivos?sisId=200', cliente)).statusCode).toBe(404);
    const key = encodeURIComponent(dailyReportKey(200, isoDate(yesterday)));
    expect(
      (await get(`/api/relatorios/downloadUrl?bucket=relatorios&key=${key}`, cliente)).statusCode,
    ).toBe(404);
    const own = reportFileList.parse(
      (await get('/api/relatorios/arquivos?sisId=230', cliente)).json(),
    );
    expect(own.arquivos.length).toBeGreaterThan(0);
  });
});
