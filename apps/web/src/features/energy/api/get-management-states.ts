import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { API } from '@vigia/contract/api';
import { call } from '../../../lib/api';
import { type ManagementFilter, type ManagementScope, managementQuery } from './management';

/** Spec 000 §7 `API.energy.managementStates`: cards by state. */
export function useManagementStates(
  scope: ManagementScope,
  filter: ManagementFilter,
  enabled: boolean,
) {
  const query = managementQuery(scope, filter);
  return useQuery({
    queryKey: ['energy', 'management', 'states', query],
    queryFn: ({ signal }) => call(API.energy.managementStates, { query }, { signal, quiet: true }),
    enabled,
    placeholderData: keepPreviousData,
  });
}
