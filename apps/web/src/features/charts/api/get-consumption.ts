import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { API } from '@vigia/contract/api';
import { formatIsoDate, type Period } from '@vigia/domain';
import { call } from '../../../lib/api';

/**
 * What the SCD's specific consumption screen draws: the plant's energy per
 * day (`GET /api/energia/usinas/{usinaId}/energiagerada/por_dia`) and the fuel
 * entered for its sites (`GET /api/combustivel/consumoDiarioUsina`).
 */
export async function getConsumption(usinaId: number, period: Period, signal?: AbortSignal) {
  const [energy, fuel] = await Promise.all([
    call(
      API.energy.plantDailyEnergy,
      { params: { usinaId }, query: { inicio: period.inicio, fim: period.fim } },
      { signal, quiet: true },
    ),
    call(
      API.fuel.plant,
      {
        query: {
          usinaId,
          dataInicial: formatIsoDate(period.inicio),
          dataFinal: formatIsoDate(period.fim),
        },
      },
      { signal, quiet: true },
    ),
  ]);
  return { energy, fuel };
}

export function useConsumption(usinaId: number | null, period: Period | null) {
  return useQuery({
    queryKey: ['charts', 'consumption', usinaId, period],
    queryFn: ({ signal }) => getConsumption(usinaId as number, period as Period, signal),
    enabled: usinaId !== null && period !== null,
    placeholderData: keepPreviousData,
  });
}
