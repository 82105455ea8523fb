import { useQuery } from '@tanstack/react-query';
import { API } from '@vigia/contract/api';
import type { Period } from '@vigia/domain';
import { call } from '../../../lib/api';

/** Spec 000 §7 `API.energy.plantDailyEnergy`. */
export function usePlantDailyEnergy(usinaId: number, period: Period, enabled: boolean) {
  return useQuery({
    queryKey: ['energy', 'plantDaily', usinaId, period.inicio, period.fim],
    queryFn: ({ signal }) =>
      call(
        API.energy.plantDailyEnergy,
        { params: { usinaId }, query: { inicio: period.inicio, fim: period.fim } },
        { signal, quiet: true },
      ),
    enabled,
  });
}
