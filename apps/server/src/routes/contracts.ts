import { API } from '@vigia/contract/api';
import {
  clampLimit,
  contractStatusBounds,
  MESSAGES,
  PAGE_SIZE,
  validateContract,
} from '@vigia/domain';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { allowedSystemIds, assertSystem, currentUser } from '../auth/scope.js';
import { badRequest, forbidden, HttpError, notFound } from '../plugins/httpError.js';
import {
  type ContractValues,
  contractById,
  contractNumberTaken,
  contractSystem,
  countContracts,
  coverableDevices,
  createContract,
  deleteContract,
  devicesOfSystem,
  isUniqueViolation,
  listContracts,
  updateContract,
  venueInSystem,
} from '../store/contracts/contractRepository.js';
import { fromContract } from './contractRoute.js';
import type { AppServices } from './services.js';

interface ContractBody {
  numero: string;
  cliente: string;
  venueId?: number | null;
  dispositivoIds: number[];
  inicio: string;
  fim: string;
  observacao?: string | null;
}

const valuesOf = (body: ContractBody): ContractValues => ({
  numero: body.numero,
  cliente: body.cliente,
  venueId: body.venueId ?? null,
  dispositivoIds: body.dispositivoIds,
  inicio: body.inicio,
  fim: body.fim,
  observacao: body.observacao ? body.observacao : null,
});

/** Like escalas (spec 001 §6), only administrators write contracts. */
function requireAdministrator(request: FastifyRequest): void {
  if (!currentUser(request).administrator) throw forbidden(MESSAGES.contractAdminOnly);
}

const numberTaken = (numero: string) =>
  new HttpError(409, { error: MESSAGES.contractNumberTaken.replace('{numero}', numero) });

const now = () => Math.floor(Date.now() / 1000);

/**
 * Service contracts of a cluster or venue ('Contratos', 'Adiciona Contrato').
 * Every id is checked against the caller's systems first (404), then the right
 * to write (403), then the content (400, 409), so a refused request stores nothing.
 */
export const contractRoutes: FastifyPluginAsyncZod<AppServices> = async (app, { store }) => {
  const db = store.db;

  /** The contract's system when it is one of the caller's; 404 otherwise. */
  const contractInScope = async (request: FastifyRequest, id: number) => {
    const systemId = await contractSystem(db, id);
    if (systemId === undefined || !allowedSystemIds(request).includes(systemId)) throw notFound();
    return systemId;
  };

  const assertVenue = async (systemId: number, venueId: number | null | undefined) => {
    if (venueId != null && !(await venueInSystem(db, systemId, venueId))) throw notFound();
  };

  /** Tenancy of the body's ids, the right, then its content. */
  const checkWrite = async (
    request: FastifyRequest,
    systemId: number,
    values: ContractValues,
    exceptId?: number,
  ) => {
    await assertVenue(systemId, values.venueId);
    const venues = await devicesOfSystem(db, systemId, values.dispositivoIds);
    if (values.dispositivoIds.some((id) => !venues.has(id))) throw notFound();
    requireAdministrator(request);
    const problem = validateContract(values);
    if (problem) throw badRequest(problem);
    if (
      values.venueId !== null &&
      values.dispositivoIds.some((id) => venues.get(id) !== values.venueId)
    ) {
      throw badRequest(MESSAGES.contractDevicesOutsideVenue);
    }
    if (await contractNumberTaken(db, systemId, values.numero, exceptId)) {
      throw numberTaken(values.numero);
    }
  };

  app.route({
    ...fromContract(app, API.contracts.list),
    handler: async (request) => {
      const { sisid, venueId, status, filtroTexto, offSet, limit } = request.query;
      assertSystem(request, sisid);
      await assertVenue(sisid, venueId);
      const filter = {
        systemId: sisid,
        venueId,
        status,
        text: filtroTexto,
        bounds: contractStatusBounds(new Date()),
      };
      const [total, contratos] = await Promise.all([
        countContracts(db, filter),
        listContracts(db, filter, {
          offset: offSet ?? 0,
          limit: clampLimit(limit, PAGE_SIZE.lists),
        }),
      ]);
      return { total, contratos };
    },
  });

  app.route({
    ...fromContract(app, API.contracts.devices),
    handler: async (request) => {
      const { sisid, venueId } = request.query;
      assertSystem(request, sisid);
      await assertVenue(sisid, venueId);
      return coverableDevices(db, sisid, venueId);
    },
  });

  app.route({
    ...fromContract(app, API.contracts.get),
    handler: async (request) => {
      const { id } = request.params;
      await contractInScope(request, id);
      const found = await contractById(db, id, contractStatusBounds(new Date()));
      if (!found) throw notFound();
      return found;
    },
  });

  /** The contract as stored now, for the answer of a write. */
  const saved = async (id: number) => {
    const found = await contractById(db, id, contractStatusBounds(new Date()));
    if (!found) throw notFound();
    return found;
  };

  app.route({
    ...fromContract(app, API.contracts.create),
    handler: async (request, reply) => {
      const { sisid, ...body } = request.body;
      assertSystem(request, sisid);
      const values = valuesOf(body);
      await checkWrite(request, sisid, values);
      let id: number;
      try {
        id = await createContract(db, sisid, values, now());
      } catch (error) {
        if (isUniqueViolation(error)) throw numberTaken(values.numero);
        throw error;
      }
      request.log.info({ userId: currentUser(request).id, id }, 'contrato cadastrado');
      return reply.code(201).send({ mensagem: MESSAGES.contractSaved, contrato: await saved(id) });
    },
  });

  app.route({
    ...fromContract(app, API.contracts.update),
    handler: async (request) => {
      const { id } = request.params;
      const systemId = await contractInScope(request, id);
      const values = valuesOf(request.body);
      await checkWrite(request, systemId, values, id);
      try {
        await updateContract(db, id, values, now());
      } catch (error) {
        if (isUniqueViolation(error)) throw numberTaken(values.numero);
        throw error;
      }
      request.log.info({ userId: currentUser(request).id, id }, 'contrato alterado');
      return { mensagem: MESSAGES.contractSaved, contrato: await saved(id) };
    },
  });

  app.route({
    ...fromContract(app, API.contracts.remove),
    handler: async (request) => {
      const { id } = request.params;
      await contractInScope(request, id);
      requireAdministrator(request);
      await deleteContract(db, id);
      request.log.info({ userId: currentUser(request).id, id }, 'contrato removido');
      return { mensagem: MESSAGES.contractRemoved, id };
    },
  });
};
