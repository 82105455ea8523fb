import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { MINICHART_LIMIT } from '@vigia/contract';
import { API } from '@vigia/contract/api';
import { call } from '../../../lib/api';
import { type ManagementFilter, type ManagementScope, managementQuery } from './management';

/** Spec 000 §7 `API.energy.managementMinichart` (limit 6). */
export function useManagementMinichart(
  scope: ManagementScope,
  filter: ManagementFilter,
  enabled: boolean,
) {
  const query = { ...managementQuery(scope, filter), limit: MINICHART_LIMIT, offSet: 0 };
  return useQuery({
    queryKey: ['energy', 'management', 'minichart', query],
    queryFn: ({ signal }) =>
      call(API.energy.managementMinichart, { query }, { signal, quiet: true }),
    enabled,
    placeholderData: keepPreviousData,
  });
}
