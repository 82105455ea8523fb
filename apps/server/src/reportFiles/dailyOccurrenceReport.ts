import { mkdir, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { REPORT_BUCKET } from '@vigia/contract';
import {
  addDays,
  calendarDateOf,
  endOfDaySec,
  isoDate,
  SPREADSHEET_DATE_FORMAT,
  spreadsheetDate,
  startOfDaySec,
} from '@vigia/domain';
import writeXlsxFile, { type SheetData } from 'write-excel-file/node';
import type { Store } from '../store/database.js';
import {
  allSystems,
  existingKeys,
  occurrencesActivatedIn,
  saveReportFile,
} from '../store/reports/reportFiles.js';
import { reportFilePath } from './storage.js';

/*
 * The daily occurrence report (.xlsx) of each system for each closed local
 * day (America/Sao_Paulo), stored under the report folder as
 * `{sisId}/ocorrencias/{YYYY-MM-DD}.xlsx` and listed in `report_files`.
 */

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
/** Closed days looked back on each pass (a server down for a few days catches up). */
export const DAILY_REPORT_LOOKBACK_DAYS = 7;

export function dailyReportKey(sisId: number, day: string): string {
  return `${sisId}/ocorrencias/${day}.xlsx`;
}

const HEADER = [
  'Ativação',
  'Dispositivo',
  'Ocorrência',
  'Tipo',
  'Crítico',
  'Valor',
  'Desativação',
  'Reconhecimento',
];

type Occurrence = Awaited<ReturnType<typeof occurrencesActivatedIn>>[number];

const dateCell = (ts: number | null) =>
  ts === null ? null : { value: spreadsheetDate(ts), type: Date, format: SPREADSHEET_DATE_FORMAT };

export function occurrenceSheet(rows: readonly Occurrence[]): SheetData {
  return [
    HEADER.map((value) => ({ value, fontWeight: 'bold' as const })),
    ...rows.map((o) => [
      dateCell(o.hora_ativacao),
      { value: o.patrimonio ? `${o.dispositivo} (${o.patrimonio})` : o.dispositivo, type: String },
      { value: o.nome_alarme, type: String },
      { value: o.is_evt ? 'Evento' : 'Alarme', type: String },
      { value: o.critico ? 'Sim' : 'Não', type: String },
      o.valor_falha === null ? null : { value: o.valor_falha, type: Number },
      o.is_evt ? null : dateCell(o.hora_desativacao),
      dateCell(o.hora_ack),
    ]),
  ];
}

/**
 * Writes the missing daily reports of the last DAILY_REPORT_LOOKBACK_DAYS
 * closed local days before `nowSec`, for every system; returns the keys written.
 */
export async function generateDailyReports(
  store: Store,
  folder: string,
  nowSec: number,
  signal?: AbortSignal,
): Promise<string[]> {
  const today = calendarDateOf(nowSec * 1000);
  const days = Array.from({ length: DAILY_REPORT_LOOKBACK_DAYS }, (_, i) => addDays(today, -1 - i));
  const written: string[] = [];
  for (const system of await allSystems(store.db)) {
    const keys = days.map((d) => dailyReportKey(system.id, isoDate(d)));
    const present = await existingKeys(store.db, REPORT_BUCKET, keys);
    for (const [i, day] of days.entries()) {
      const key = keys[i] as string;
      if (present.has(key)) continue;
      if (signal?.aborted) return written;
      const rows = await occurrencesActivatedIn(
        store.db,
        system.id,
        startOfDaySec(day),
        endOfDaySec(day),
      );
      const buffer = await writeXlsxFile(occurrenceSheet(rows), {
        sheet: 'Ocorrências',
      }).toBuffer();
      const path = reportFilePath(folder, REPORT_BUCKET, key);
      await mkdir(dirname(path), { recursive: true });
      await writeFile(path, buffer);
      await saveReportFile(store.db, {
        system_id: system.id,
        bucket: REPORT_BUCKET,
        key,
        nome: `Ocorrências ${system.nome} ${isoDate(day)}.xlsx`,
        content_type: XLSX_TYPE,
        size: buffer.length,
        created_at: nowSec,
      });
      written.push(key);
    }
  }
  return written;
}

/** Runs `generateDailyReports` at start and every hour (a new local day is caught within the hour). */
export function startDailyReports(
  store: Store,
  folder: string,
  opts: { intervalMs?: number; onError?: (error: unknown) => void } = {},
) {
  let running: Promise<unknown> | null = null;
  const stopping = new AbortController();
  const pass = () => {
    if (stopping.signal.aborted) return;
    running ??= generateDailyReports(store, folder, Math.floor(Date.now() / 1000), stopping.signal)
      .catch((error: unknown) => opts.onError?.(error))
      .finally(() => {
        running = null;
      });
  };
  const first = setTimeout(pass, 5_000);
  const timer = setInterval(pass, opts.intervalMs ?? 3_600_000);
  first.unref();
  timer.unref();
  return {
    async stop() {
      stopping.abort();
      clearTimeout(first);
      clearInterval(timer);
      await running;
    },
  };
}
