import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { API } from '@vigia/contract/api';
import type { Period } from '@vigia/domain';
import { call } from '../../../lib/api';

/** Spec 000 §7 `API.energy.generatedEnergy` (sisid 0: every system of the user). */
export function useGeneratedEnergy(
  sisid: number,
  period: Period,
  sortby: string,
  enabled: boolean,
) {
  return useQuery({
    queryKey: ['energy', 'generated', sisid, period.inicio, period.fim, sortby],
    queryFn: ({ signal }) =>
      call(
        API.energy.generatedEnergy,
        { query: { sisid, inicio: period.inicio, fim: period.fim, sortby } },
        { signal, quiet: true },
      ),
    enabled,
    placeholderData: keepPreviousData,
  });
}
