import {
  CONTRACT_CUSTOMER_MAX,
  CONTRACT_DEVICES_MAX,
  CONTRACT_NOTES_MAX,
  CONTRACT_NUMBER_MAX,
  CONTRACT_STATUSES,
  type ContractStatus,
  MAX_PAGE_SIZE,
  PAGE_SIZE,
} from '@vigia/domain';
import { z } from 'zod';
import { textFilter } from './devices.js';
import { bodyId, queryId } from './ids.js';
import { defineRoute } from './route.js';

/**
 * Service contracts of a cluster (a system) or of one venue in it: number,
 * customer, the devices they cover, start and end days ('YYYY-MM-DD', both
 * included) and notes; the status ('vigente', 'aVencer', 'vencido', 'futuro')
 * follows from the dates (domain `contractStatus`). Spec 000 §2 names the
 * screens only ('Contratos', 'Adiciona Contrato'): paths and shapes are
 * Vigia's. Everyone with the system reads; only administrators write.
 */

const statusSchema = z.enum(CONTRACT_STATUSES as [ContractStatus, ...ContractStatus[]]);

/**
 * A contract as written. The texts are checked for content by the handler
 * (domain `validateContract`), so a missing number or an end before the
 * start answers the pt-BR reason itself.
 */
export const contractInput = z.object({
  numero: z.string().trim().max(CONTRACT_NUMBER_MAX),
  cliente: z.string().trim().max(CONTRACT_CUSTOMER_MAX),
  /** Null or absent: the whole cluster. */
  venueId: bodyId.nullable().optional(),
  dispositivoIds: z.array(bodyId).max(CONTRACT_DEVICES_MAX),
  /** 'YYYY-MM-DD' */
  inicio: z.string().trim().max(10),
  fim: z.string().trim().max(10),
  observacao: z.string().trim().max(CONTRACT_NOTES_MAX).nullable().optional(),
});
export type ContractInputBody = z.input<typeof contractInput>;

export const createContractBody = contractInput.extend({ sisid: bodyId });
export type CreateContractBody = z.input<typeof createContractBody>;

export const contractDevice = z.object({
  id: z.number().int(),
  nome: z.string(),
  tipo: z.string(),
  local_nome: z.string(),
  venueId: z.number().int().nullable(),
});
export type ContractDevice = z.infer<typeof contractDevice>;

export const contract = z.object({
  id: z.number().int(),
  sisid: z.number().int(),
  numero: z.string(),
  cliente: z.string(),
  venueId: z.number().int().nullable(),
  /** The venue's name; null for the whole cluster. */
  venueNome: z.string().nullable(),
  inicio: z.string(),
  fim: z.string(),
  status: statusSchema,
  observacao: z.string().nullable(),
  dispositivos: z.array(contractDevice.pick({ id: true, nome: true, tipo: true })),
});
export type Contract = z.infer<typeof contract>;

export const contractListQuery = z.object({
  sisid: queryId,
  /** Only this venue's contracts (the venue screens). */
  venueId: queryId.optional(),
  status: statusSchema.optional(),
  /** Matched ignoring case against number, customer and notes. */
  filtroTexto: textFilter.optional(),
  offSet: z.coerce.number().int().min(0).optional(),
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).optional(),
});
export type ContractListQuery = z.input<typeof contractListQuery>;

export const contractPage = z.object({ total: z.number().int(), contratos: z.array(contract) });
export type ContractPage = z.infer<typeof contractPage>;

export const contractIdParams = z.object({ id: queryId });

export const contractWriteAnswer = z.object({ mensagem: z.string(), contrato: contract });
export const contractRemoveAnswer = z.object({ mensagem: z.string(), id: z.number().int() });

const TAGS = ['contratos'];
const WRITE_ERRORS = {
  400: 'Número, cliente, datas ou dispositivos ausentes; data final menor que a inicial; dispositivo fora do venue',
  401: 'Sem sessão válida',
  403: 'Usuário não é administrador',
  404: 'Sistema, venue, contrato ou dispositivo fora do usuário',
  409: 'Número de contrato já usado no sistema',
} as const;

export const CONTRACTS_API = {
  list: defineRoute({
    method: 'GET',
    path: '/api/contratos',
    query: contractListQuery,
    answer: contractPage,
    errors: {
      400: 'Filtro inválido',
      401: 'Sem sessão válida',
      404: 'Sistema ou venue fora do usuário',
    },
    tags: TAGS,
    summary: 'Contratos do sistema (ou de um venue), por situação e texto',
    description:
      `Página de ${PAGE_SIZE.lists} por padrão (\`offSet\`, \`limit\`), do fim mais próximo ao ` +
      'mais distante; `status` filtra pela situação calculada das datas no dia de hoje.',
  }),
  devices: defineRoute({
    method: 'GET',
    path: '/api/contratos/dispositivos',
    query: z.object({ sisid: queryId, venueId: queryId.optional() }),
    answer: z.array(contractDevice),
    errors: {
      400: 'sisid inválido',
      401: 'Sem sessão válida',
      404: 'Sistema ou venue fora do usuário',
    },
    tags: TAGS,
    summary: 'Dispositivos que um contrato do sistema (ou do venue) pode cobrir',
  }),
  get: defineRoute({
    method: 'GET',
    path: '/api/contratos/{id}',
    params: contractIdParams,
    answer: contract,
    errors: { 400: 'id inválido', 401: 'Sem sessão válida', 404: 'Contrato fora do usuário' },
    tags: TAGS,
    summary: 'Um contrato com seus dispositivos',
  }),
  create: defineRoute({
    method: 'POST',
    path: '/api/contratos',
    body: createContractBody,
    answer: contractWriteAnswer,
    status: 201,
    errors: WRITE_ERRORS,
    tags: TAGS,
    summary: 'Cadastra um contrato',
  }),
  update: defineRoute({
    method: 'PUT',
    path: '/api/contratos/{id}',
    params: contractIdParams,
    body: contractInput,
    answer: contractWriteAnswer,
    errors: WRITE_ERRORS,
    tags: TAGS,
    summary: 'Altera um contrato (o sistema não muda)',
  }),
  remove: defineRoute({
    method: 'DELETE',
    path: '/api/contratos/{id}',
    params: contractIdParams,
    answer: contractRemoveAnswer,
    errors: {
      400: 'id inválido',
      401: 'Sem sessão válida',
      403: WRITE_ERRORS[403],
      404: 'Contrato fora do usuário',
    },
    tags: TAGS,
    summary: 'Remove um contrato',
  }),
};
