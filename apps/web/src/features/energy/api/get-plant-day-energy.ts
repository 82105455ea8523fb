import { useQuery } from '@tanstack/react-query';
import { API } from '@vigia/contract/api';
import { call } from '../../../lib/api';

/** Spec 000 §7 `API.energy.plantDayEnergy`. */
export function usePlantDayEnergy(usinaId: number, tsdia: number) {
  return useQuery({
    queryKey: ['energy', 'plantDay', usinaId, tsdia],
    queryFn: ({ signal }) =>
      call(
        API.energy.plantDayEnergy,
        { params: { usinaId }, query: { tsdia } },
        { signal, quiet: true },
      ),
  });
}
