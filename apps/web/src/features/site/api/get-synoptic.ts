import { queryOptions } from '@tanstack/react-query';
import type { DataSinotico, TipoLocal } from '@vigia/contract';
import { request } from '../../../lib/http';
import { deviceIdsOf } from '../live/deviceIdsOf';

/**
 * Spec 000 §7: `GET /api/DataSinotico/{idSinotico}/dataSinotico`, a synoptic's
 * readings with `ts_menos_atualizado` (the oldest of them).
 */
export function getSynoptic(
  idSinotico: number,
  idSite: number,
  tipoLocal: TipoLocal,
  nomes: readonly string[],
  signal?: AbortSignal,
): Promise<DataSinotico> {
  return request<DataSinotico>(`/api/DataSinotico/${idSinotico}/dataSinotico`, {
    query: {
      idSite,
      tipoLocal: tipoLocal === 'dispositivo' ? undefined : tipoLocal,
      nomes: nomes.length > 0 ? nomes : undefined,
    },
    signal,
    quiet: true,
  });
}

export function synopticQueryOptions(
  idSinotico: number,
  idSite: number,
  tipoLocal: TipoLocal,
  nomes: readonly string[],
  refetchInterval: number,
) {
  return queryOptions({
    queryKey: ['site', 'synoptic', idSinotico, tipoLocal, idSite, [...nomes].sort()],
    queryFn: ({ signal }) => getSynoptic(idSinotico, idSite, tipoLocal, nomes, signal),
    refetchInterval,
    meta: { live: { types: ['readings.updated'], devicesOf: deviceIdsOf } },
  });
}
