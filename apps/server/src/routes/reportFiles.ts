import { readFile } from 'node:fs/promises';
import { DOWNLOAD_URL_TTL_S } from '@vigia/contract';
import { API } from '@vigia/contract/api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { allowedSystemIds, assertSystem } from '../auth/scope.js';
import { notFound } from '../plugins/httpError.js';
import { downloadToken, readDownloadToken } from '../reportFiles/downloadToken.js';
import { defaultReportFolder, reportFilePath } from '../reportFiles/storage.js';
import { appSecret } from '../store/auth/jwtSecret.js';
import { findReportFile, listReportFiles } from '../store/reports/reportFiles.js';
import { fromContract } from './contractRoute.js';
import type { AppServices } from './services.js';

const SECRET_NAME = 'report_download';
const nowSec = () => Math.floor(Date.now() / 1000);

/** Spec 000 §7 "Report files": the listing behind /relatorios and a download URL (bearer scope). */
export const reportFileRoutes: FastifyPluginAsyncZod<AppServices> = async (app, { store }) => {
  const db = store.db;

  app.route({
    ...fromContract(app, API.reportFiles.list),
    handler: async (request) => {
      const { bucket, sisId, data, limit } = request.query;
      assertSystem(request, sisId);
      const prefix = `${sisId}/${data ? `ocorrencias/${data}` : ''}`;
      const rows = await listReportFiles(db, { systemId: sisId, bucket, prefix, limit });
      return {
        arquivos: rows.map((r) => ({
          bucket: r.bucket,
          key: r.key,
          nome: r.nome,
          tamanho: r.size,
          criadoEm: r.created_at,
        })),
      };
    },
  });

  app.route({
    ...fromContract(app, API.reportFiles.downloadUrl),
    handler: async (request) => {
      const { bucket, key } = request.query;
      const file = await findReportFile(db, bucket, key);
      if (!file || !allowedSystemIds(request).includes(file.system_id)) throw notFound();
      const secret = await appSecret(db, SECRET_NAME);
      const token = downloadToken(secret, bucket, key, nowSec() + DOWNLOAD_URL_TTL_S);
      return { key, downloadUrl: `/api/relatorios/download?token=${token}` };
    },
  });
};

/** The file of a download URL: public (the signed token is the right), outside the bearer scope. */
export const reportDownloadRoutes: FastifyPluginAsyncZod<AppServices> = async (
  app,
  { store, config },
) => {
  const folder = defaultReportFolder(config.dataDir);
  app.route({
    ...fromContract(app, API.reportFiles.download),
    handler: async (request, reply) => {
      const secret = await appSecret(store.db, SECRET_NAME);
      const claims = readDownloadToken(secret, request.query.token, nowSec());
      const file = claims && (await findReportFile(store.db, claims.bucket, claims.key));
      if (!file) throw notFound();
      const content = await readFile(reportFilePath(folder, file.bucket, file.key)).catch(() => {
        throw notFound();
      });
      const ascii = file.nome
        .normalize('NFD')
        .replace(/[^\x20-\x7e]/g, '')
        .replace(/"/g, '');
      return reply
        .header('content-type', file.content_type)
        .header('cache-control', 'no-store')
        .header(
          'content-disposition',
          `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(file.nome)}`,
        )
        .send(content);
    },
  });
};
