import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { MANAGEMENT_TABLE_LIMIT } from '@vigia/contract';
import { API } from '@vigia/contract/api';
import { call } from '../../../lib/api';
import { type ManagementFilter, type ManagementScope, managementQuery } from './management';

/** Spec 000 §7 `API.energy.managementTable` (limit 16), one page from `offSet`. */
export function useManagementTable(
  scope: ManagementScope,
  filter: ManagementFilter,
  offSet: number,
  enabled: boolean,
  limit = MANAGEMENT_TABLE_LIMIT,
) {
  const query = { ...managementQuery(scope, filter), limit, offSet };
  return useQuery({
    queryKey: ['energy', 'management', 'table', query],
    queryFn: ({ signal }) => call(API.energy.managementTable, { query }, { signal, quiet: true }),
    enabled,
    placeholderData: keepPreviousData,
  });
}
