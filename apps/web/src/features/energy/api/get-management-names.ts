import { useQuery } from '@tanstack/react-query';
import { API } from '@vigia/contract/api';
import { call } from '../../../lib/api';
import type { ManagementScope } from './management';

/** Spec 000 §7 `API.energy.managementNames`: the names for the filter by name. */
export function useManagementNames(scope: ManagementScope) {
  return useQuery({
    queryKey: ['energy', 'management', 'names', scope],
    queryFn: ({ signal }) =>
      call(API.energy.managementNames, { query: scope }, { signal, quiet: true }),
  });
}
