import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ContractListQuery, ContractPage } from '@vigia/contract';
import { API } from '@vigia/contract/api';
import { call } from '../../../lib/api';
import { CONTRACTS_KEY } from './keys';

/** The list's filters: venue (the venue screens), status and text; empty means any. */
export type ContractFilters = Omit<ContractListQuery, 'sisid' | 'offSet' | 'limit'>;

export function listContracts(
  sisId: number,
  filters: ContractFilters,
  page: { offSet: number; limit: number },
  signal?: AbortSignal,
): Promise<ContractPage> {
  return call(API.contracts.list, { query: { sisid: sisId, ...filters, ...page } }, { signal });
}

export function contractsQueryOptions(
  sisId: number,
  filters: ContractFilters,
  page: { offSet: number; limit: number },
) {
  return queryOptions({
    queryKey: [...CONTRACTS_KEY, 'lista', sisId, filters, page],
    queryFn: ({ signal }) => listContracts(sisId, filters, page, signal),
    placeholderData: keepPreviousData,
  });
}

export function useContracts(
  sisId: number,
  filters: ContractFilters,
  page: { offSet: number; limit: number },
) {
  return useQuery(contractsQueryOptions(sisId, filters, page));
}
