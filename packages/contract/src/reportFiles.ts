import { z } from 'zod';
import { queryId } from './ids.js';
import { defineRoute } from './route.js';

/*
 * Spec 000 §7 "Report files" and 001 §4 "Report download": an object listing
 * (bucket, limit 20, prefix by system) and a download URL for a bucket and key.
 * Keys are `{sisId}/ocorrencias/{YYYY-MM-DD}.xlsx`: the daily occurrence
 * report of a system for a closed local day.
 */

/** Spec 000 §9: object listing of 20. */
export const REPORT_FILES_LIMIT = 20;
export const REPORT_BUCKET = 'relatorios';

const bucket = z.string().trim().min(1).max(63).default(REPORT_BUCKET);
const key = z.string().trim().min(1).max(300);

export const reportFilesQuery = z.object({
  bucket,
  /** The system whose files are listed: the prefix `{sisId}/`. */
  sisId: queryId,
  /** A local day (YYYY-MM-DD): only that day's report. */
  data: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .optional(),
  limit: z.coerce.number().int().min(1).max(100).default(REPORT_FILES_LIMIT),
});
export type ReportFilesQuery = z.input<typeof reportFilesQuery>;

export const reportFile = z.object({
  bucket: z.string(),
  key: z.string(),
  nome: z.string(),
  tamanho: z.number().int(),
  /** When it was written, epoch seconds. */
  criadoEm: z.number().int(),
});
export type ReportFile = z.infer<typeof reportFile>;
export const reportFileList = z.object({ arquivos: z.array(reportFile) });
export type ReportFileList = z.infer<typeof reportFileList>;

export const downloadUrlQuery = z.object({ bucket, key });
export const downloadUrl = z.object({ key: z.string(), downloadUrl: z.string() });
export type DownloadUrl = z.infer<typeof downloadUrl>;

/** The token rides in the query: a path parameter is limited to 100 characters. */
export const reportDownloadQuery = z.object({ token: z.string().min(10).max(2000) });

/** How long a download URL works. */
export const DOWNLOAD_URL_TTL_S = 300;

export const REPORT_FILES_API = {
  list: defineRoute({
    method: 'GET',
    path: '/api/relatorios/arquivos',
    query: reportFilesQuery,
    answer: reportFileList,
    errors: {
      400: 'Parâmetros inválidos',
      401: 'Sem sessão válida',
      404: 'Sistema fora dos do usuário',
    },
    tags: ['relatórios'],
    summary: 'Arquivos de relatório de um sistema (prefixo do sistema), os mais novos primeiro',
  }),
  downloadUrl: defineRoute({
    method: 'GET',
    path: '/api/relatorios/downloadUrl',
    query: downloadUrlQuery,
    answer: downloadUrl,
    errors: {
      400: 'Parâmetros inválidos',
      401: 'Sem sessão válida',
      404: 'Arquivo inexistente ou de um sistema fora dos do usuário',
    },
    tags: ['relatórios'],
    summary: 'URL de download de um arquivo de relatório (assinada, vale 5 minutos)',
  }),
  download: defineRoute({
    method: 'GET',
    path: '/api/relatorios/download',
    query: reportDownloadQuery,
    answer: z.unknown(),
    errors: { 404: 'URL de download inválida, vencida, ou arquivo inexistente' },
    tags: ['relatórios'],
    summary: 'O arquivo de uma URL de download (.xlsx)',
    public: true,
  }),
};
