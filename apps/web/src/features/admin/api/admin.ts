import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AuditRow, CallInput } from '@vigia/contract';
import { API } from '@vigia/contract/api';
import { AUDIT_PAGE } from '@vigia/domain';
import { call } from '../../../lib/api';

/** Every administration query starts with this key: a write makes them all stale. */
export const ADMIN_KEY = ['administracao'] as const;

type AdminCall = (typeof API.admin)[keyof typeof API.admin];

/** A read of the administration area; failures shown by the screen, not as toasts. */
function useAdminQuery<D extends AdminCall>(
  route: D,
  input: CallInput<D>,
  enabled = true,
  staleTime?: number,
) {
  return useQuery({
    ...(staleTime === undefined ? {} : { staleTime }),
    queryKey: [...ADMIN_KEY, route.path, input],
    queryFn: ({ signal }) =>
      (call as (r: D, i: CallInput<D>, o: object) => ReturnType<typeof call<D>>)(route, input, {
        signal,
        quiet: true,
      }),
    enabled,
  });
}

export const useCompanies = () => useAdminQuery(API.admin.companies, {});
/** Asked only for an administrator: anyone else would get a 403. */
export const useSystems = (enabled = true) => useAdminQuery(API.admin.systems, {}, enabled);
export const useModels = () => useAdminQuery(API.admin.models, {});
export const usePlaces = (sisId: number | undefined) =>
  useAdminQuery(API.admin.places, { query: { sisId } }, sisId !== undefined);
export const useAdminUsers = (sisId: number | undefined) =>
  useAdminQuery(API.admin.users, { query: { sisId } }, sisId !== undefined);
export const useModelRules = (id: number, enabled = true) =>
  useAdminQuery(API.admin.modelRules, { params: { id } }, enabled);
export const useDeviceRules = (id: number, enabled = true) =>
  useAdminQuery(API.admin.deviceRules, { params: { id } }, enabled);
/** Read again whenever the list is shown: its last reading moves as devices report. */
export const useAdminDevices = (sisId: number | undefined, filtro: string) =>
  useAdminQuery(
    API.admin.devices,
    { query: { sisId, filtro: filtro || undefined } },
    sisId !== undefined,
    0,
  );

/**
 * A write of the administration area: the form shows its failure (quiet
 * call), and every administration list is read again after it.
 */
export function useAdminWrite<V, R>(write: (vars: V) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSettled: () => client.invalidateQueries({ queryKey: ADMIN_KEY }),
  });
}

const quiet = { quiet: true } as const;
type Body<D extends AdminCall> = CallInput<D> extends { body: infer B } ? B : never;

export const adminWrites = {
  createCompany: (body: Body<typeof API.admin.createCompany>) =>
    call(API.admin.createCompany, { body }, quiet),
  editCompany: ({ id, ...body }: { id: number } & Body<typeof API.admin.editCompany>) =>
    call(API.admin.editCompany, { params: { id }, body }, quiet),
  createSystem: (body: Body<typeof API.admin.createSystem>) =>
    call(API.admin.createSystem, { body }, quiet),
  editSystem: ({ id, ...body }: { id: number } & Body<typeof API.admin.editSystem>) =>
    call(API.admin.editSystem, { params: { id }, body }, quiet),
  createPlace: (body: Body<typeof API.admin.createPlace>) =>
    call(API.admin.createPlace, { body }, quiet),
  editPlace: ({
    id,
    tipo,
    ...body
  }: { id: number; tipo: 'usina' | 'scd' | 'venue' } & Body<typeof API.admin.editPlace>) =>
    call(API.admin.editPlace, { params: { id }, query: { tipo }, body }, quiet),
  removePlace: ({ id, tipo }: { id: number; tipo: 'usina' | 'scd' | 'venue' }) =>
    call(API.admin.removePlace, { params: { id }, query: { tipo } }, quiet),
  createUser: (body: Body<typeof API.admin.createUser>) =>
    call(API.admin.createUser, { body }, quiet),
  editUser: ({ id, ...body }: { id: number } & Body<typeof API.admin.editUser>) =>
    call(API.admin.editUser, { params: { id }, body }, quiet),
  resetPassword: (id: number) => call(API.admin.resetPassword, { params: { id } }, quiet),
  createDevice: (body: Body<typeof API.admin.createDevice>) =>
    call(API.admin.createDevice, { body }, quiet),
  editDevice: ({ id, ...body }: { id: number } & Body<typeof API.admin.editDevice>) =>
    call(API.admin.editDevice, { params: { id }, body }, quiet),
  /** The file's devices into a system; `simular` answers the rows and writes nothing. */
  importDevices: ({ sisId, simular, file }: { sisId: number; simular: boolean; file: File }) => {
    const form = new FormData();
    form.append('arquivo', file);
    return call(
      API.admin.importDevices,
      { query: { sisId, ...(simular ? { simular: '1' as const } : {}) } },
      { quiet: true, form },
    );
  },
  removeDevice: (id: number) => call(API.admin.removeDevice, { params: { id } }, quiet),
  issueCredentials: (id: number) => call(API.admin.deviceCredentials, { params: { id } }, quiet),
  saveModelRules: ({ id, ...body }: { id: number } & Body<typeof API.admin.editModelRules>) =>
    call(API.admin.editModelRules, { params: { id }, body }, quiet),
  saveDeviceRules: ({ id, ...body }: { id: number } & Body<typeof API.admin.editDeviceRules>) =>
    call(API.admin.editDeviceRules, { params: { id }, body }, quiet),
};

export type AuditFilters = {
  sisId: number;
  acao?: string;
  inicio?: number;
  fim?: number;
};

/** The audit trail, newest first, a page at a time (`proximo` → `antesDe`). */
export function useAuditTrail(filters: AuditFilters, enabled: boolean) {
  return useInfiniteQuery({
    enabled,
    queryKey: [...ADMIN_KEY, 'auditoria', filters],
    queryFn: ({ pageParam, signal }) =>
      call(
        API.audit.list,
        { query: { ...filters, antesDe: pageParam, limit: AUDIT_PAGE.default } },
        { signal, quiet: true },
      ),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last) => last.proximo ?? undefined,
  });
}

/** Every row of the trail the filters select, up to `max` (the Excel export). */
export async function auditRowsFor(filters: AuditFilters, max: number): Promise<AuditRow[]> {
  const rows: AuditRow[] = [];
  let antesDe: number | undefined;
  do {
    const page = await call(API.audit.list, {
      query: { ...filters, antesDe, limit: AUDIT_PAGE.max },
    });
    rows.push(...page.itens);
    antesDe = page.proximo ?? undefined;
  } while (antesDe !== undefined && rows.length < max);
  return rows.slice(0, max);
}
