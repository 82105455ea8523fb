import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { API } from '@vigia/contract/api';
import type { Period } from '@vigia/domain';
import { call } from '../../../lib/api';

/** Spec 000 §7 `API.energy.generatorEnergy`: generators with their period card. */
export function useGeneratorEnergy(
  sisid: number,
  period: Period,
  sortby: string,
  enabled: boolean,
) {
  return useQuery({
    queryKey: ['energy', 'generators', sisid, period.inicio, period.fim, sortby],
    queryFn: ({ signal }) =>
      call(
        API.energy.generatorEnergy,
        { query: { sisid, inicio: period.inicio, fim: period.fim, sortby } },
        { signal, quiet: true },
      ),
    enabled,
    placeholderData: keepPreviousData,
  });
}
