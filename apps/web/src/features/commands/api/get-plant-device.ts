import { useQuery } from '@tanstack/react-query';
import { API } from '@vigia/contract/api';
import { call } from '../../../lib/api';

/** The plant's own device (tipo `usina`): plant commands go to it. Null when it has none. */
export async function getPlantDevice(
  usinaId: number,
  signal?: AbortSignal,
): Promise<number | null> {
  const page = await call(
    API.devices.list,
    { query: { usinaId, tipo: ['usina'], offSet: 0, limit: 1 } },
    { signal, quiet: true },
  );
  return page.itens[0]?.id ?? null;
}

export function usePlantDevice(usinaId: number) {
  return useQuery({
    queryKey: ['commands', 'plantDevice', usinaId],
    queryFn: ({ signal }) => getPlantDevice(usinaId, signal),
    staleTime: 10 * 60_000,
  });
}
