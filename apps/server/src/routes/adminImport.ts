import multipart from '@fastify/multipart';
import { dispositivoInput } from '@vigia/contract';
import { API } from '@vigia/contract/api';
import {
  ADMIN_MESSAGES,
  DEVICE_IMPORT_LABELS,
  DEVICE_IMPORT_MESSAGES,
  type DeviceImportField,
  deviceImportColumns,
  MAX_DEVICE_IMPORT_ROWS,
  parseDecimal,
} from '@vigia/domain';
import { parse } from 'csv-parse/sync';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { readSheet } from 'read-excel-file/node';
import { currentUser } from '../auth/scope.js';
import { badRequest, conflict } from '../plugins/httpError.js';
import {
  importDevices,
  listModels,
  type NewDevice,
  systemPatrimonios,
} from '../store/admin/devices.js';
import { listPlaces } from '../store/admin/places.js';
import { adminScope, assertSystemAdministered, fill } from './adminScope.js';
import { fromContract } from './contractRoute.js';
import type { AppServices } from './services.js';

const MAX_FILE_BYTES = 2 * 1024 * 1024;
/** Ids of one `devices.changed` event: a NOTIFY holds under 8,000 bytes. */
const DEVICES_PER_EVENT = 500;
const XLSX_MAGIC = Buffer.from('PK\u0003\u0004', 'latin1');

/** The file's cells as text, row by row: XLSX by its signature, otherwise CSV (comma or semicolon). */
async function sheetOf(file: Buffer): Promise<string[][]> {
  try {
    if (file.subarray(0, 4).equals(XLSX_MAGIC)) {
      const rows = await readSheet(file);
      return rows.map((row) => row.map((cell) => (cell == null ? '' : String(cell).trim())));
    }
    const text = file.toString('utf8').replace(/^\uFEFF/, '');
    const firstLine = text.slice(0, text.indexOf('\n') >>> 0);
    const delimiter =
      (firstLine.match(/;/g)?.length ?? 0) > (firstLine.match(/,/g)?.length ?? 0) ? ';' : ',';
    return parse(text, { delimiter, relax_column_count: true, skip_empty_lines: true, trim: true });
  } catch {
    throw badRequest(DEVICE_IMPORT_MESSAGES.unreadable);
  }
}

/**
 * `POST /api/admin/dispositivos/importar` (issue 28): the devices of a CSV or XLSX
 * file into one administered system. Every row is checked as `POST
 * /api/admin/dispositivos` would check it; `simular=1` answers the rows, without
 * it all are created in one transaction or none.
 */
export const deviceImportRoutes: FastifyPluginAsyncZod<AppServices> = async (app, services) => {
  const db = services.store.db;
  await app.register(multipart, { limits: { fileSize: MAX_FILE_BYTES, files: 1, fields: 4 } });

  app.route({
    ...fromContract(app, API.admin.importDevices),
    handler: async (request) => {
      const scope = adminScope(request);
      const { sisId, simular } = request.query;
      await assertSystemAdministered(db, scope, sisId);
      if (!request.isMultipart()) throw badRequest(DEVICE_IMPORT_MESSAGES.fileRequired);
      const part = await request.file();
      if (part?.fieldname !== 'arquivo') throw badRequest(DEVICE_IMPORT_MESSAGES.fileRequired);
      const [header = [], ...body] = await sheetOf(await part.toBuffer());
      const { index, missing } = deviceImportColumns(header);
      if (missing.length > 0) {
        throw badRequest(
          fill(DEVICE_IMPORT_MESSAGES.missingColumns, { colunas: missing.join(', ') }),
        );
      }
      const rows = body.filter((r) => r.some((cell) => cell !== ''));
      if (rows.length === 0) throw badRequest(DEVICE_IMPORT_MESSAGES.empty);
      if (rows.length > MAX_DEVICE_IMPORT_ROWS) throw badRequest(DEVICE_IMPORT_MESSAGES.tooMany);

      const models = await listModels(db);
      const places = await listPlaces(db, scope, { systemId: sisId });
      const taken = await systemPatrimonios(db, sisId);
      const seen = new Map<string, number>();
      const devices: NewDevice[] = [];
      const linhas = [];
      for (const [i, row] of rows.entries()) {
        const linha = i + 2;
        const cell = (field: DeviceImportField) => {
          const at = index[field];
          return at === undefined ? '' : (row[at] ?? '');
        };
        const erros: string[] = [];
        const modelText = cell('modelo');
        const model =
          models.find((m) => String(m.id) === modelText) ??
          models.find((m) => m.nome.toLowerCase() === modelText.toLowerCase());
        if (!model && modelText)
          erros.push(fill(DEVICE_IMPORT_MESSAGES.unknownModel, { modelo: modelText }));
        const placeOf = (tipo: 'usina' | 'scd' | 'venue') => {
          const nome = cell(tipo);
          if (!nome) return null;
          const place = places.find(
            (p) => p.tipo === tipo && p.nome.toLowerCase() === nome.toLowerCase(),
          );
          if (!place)
            erros.push(
              fill(DEVICE_IMPORT_MESSAGES.unknownPlace, { tipo: DEVICE_IMPORT_LABELS[tipo], nome }),
            );
          return place ?? null;
        };
        const usina = placeOf('usina');
        const scd = placeOf('scd');
        const venue = placeOf('venue');
        const coordinate = (field: 'lat' | 'lon') => {
          const text = cell(field);
          if (!text) return null;
          const value = parseDecimal(text);
          if (value === null)
            erros.push(
              fill(DEVICE_IMPORT_MESSAGES.notANumber, { campo: DEVICE_IMPORT_LABELS[field] }),
            );
          return value;
        };
        const located = [usina, scd, venue].find((p) => p?.uf);
        const input = {
          nome: cell('nome'),
          patrimonio: cell('patrimonio'),
          modeloId: model?.id ?? 1,
          sisId,
          localNome: cell('localNome') || null,
          ...(cell('uf') ? { uf: cell('uf') } : {}),
          lat: coordinate('lat'),
          lon: coordinate('lon'),
        };
        const parsed = dispositivoInput.safeParse(input);
        if (!parsed.success) erros.push(...parsed.error.issues.map((issue) => issue.message));
        if (!modelText) erros.push(`Informe o modelo.`);
        const uf = parsed.success ? (parsed.data.uf ?? located?.uf) : undefined;
        if (parsed.success && !uf) erros.push(ADMIN_MESSAGES.ufRequired);
        const patrimonio = input.patrimonio.toLowerCase();
        if (patrimonio) {
          const earlier = seen.get(patrimonio);
          if (earlier !== undefined) {
            erros.push(
              fill(DEVICE_IMPORT_MESSAGES.repeated, {
                patrimonio: input.patrimonio,
                linha: earlier,
              }),
            );
          } else if (taken.has(patrimonio)) {
            erros.push(fill(DEVICE_IMPORT_MESSAGES.taken, { patrimonio: input.patrimonio }));
          }
          seen.set(patrimonio, linha);
        }
        const placeName = [usina, scd, venue].find((p) => p)?.nome;
        linhas.push({
          linha,
          nome: input.nome,
          patrimonio: input.patrimonio,
          modelo: model?.nome ?? modelText,
          local: input.localNome ?? placeName ?? input.nome,
          erros,
        });
        if (erros.length === 0 && parsed.success && model && uf) {
          devices.push({
            nome: parsed.data.nome,
            patrimonio: parsed.data.patrimonio,
            modeloId: model.id,
            tipo: model.tipo,
            systemId: sisId,
            usinaId: usina?.id ?? null,
            scdId: scd?.id ?? null,
            venueId: venue?.id ?? null,
            localNome: parsed.data.localNome || placeName || parsed.data.nome,
            uf,
            lat: parsed.data.lat ?? located?.lat ?? null,
            lon: parsed.data.lon ?? located?.lon ?? null,
          });
        }
      }
      const comErro = linhas.filter((l) => l.erros.length > 0).length;
      const answer = { linhas, validas: linhas.length - comErro, comErro };
      if (simular) {
        return { ...answer, simulacao: true, criados: [], mensagem: '' };
      }
      const bad = linhas.find((l) => l.erros.length > 0);
      if (bad)
        throw badRequest(
          fill(DEVICE_IMPORT_MESSAGES.rowFailed, { linha: bad.linha, erro: bad.erros[0] }),
        );
      const created = await importDevices(db, devices, currentUser(request).id);
      if (!Array.isArray(created)) {
        throw conflict(fill(DEVICE_IMPORT_MESSAGES.taken, { patrimonio: created.taken }));
      }
      // A node that heard from these ids before they existed reads them again (NOTIFY-sized pieces).
      for (let i = 0; i < created.length; i += DEVICES_PER_EVENT) {
        const deviceIds = created.slice(i, i + DEVICES_PER_EVENT);
        await services.bus.publishToAllNodes({ type: 'devices.changed', deviceIds });
      }
      request.log.info({ sisId, dispositivos: created.length }, 'dispositivos importados');
      return {
        ...answer,
        simulacao: false,
        criados: created,
        mensagem: fill(DEVICE_IMPORT_MESSAGES.imported, { n: created.length }),
      };
    },
  });
};
