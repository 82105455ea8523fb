import { queryOptions, useQuery } from '@tanstack/react-query';
import type { EnergyDeviceRow } from '@vigia/contract';
import { API } from '@vigia/contract/api';
import { READING } from '@vigia/domain';
import { call } from '../../../lib/api';

/** Readings the energy variant of the generator list shows. */
export const ENERGY_GENERATOR_READINGS = [
  READING.activePower,
  READING.apparentPower,
  READING.loadSpeed,
  READING.oilTemperature,
  READING.generatorStatus,
  READING.generatorMode,
];

/** Spec 000 §7: `GET /api/energia/geradores?sisid=&sortby=`, generators with their energy of the last 24 h. */
export function getEnergyGenerators(
  sisId: number,
  sortby: string,
  signal?: AbortSignal,
): Promise<EnergyDeviceRow[]> {
  return call(
    API.energy.generators,
    { query: { sisid: sisId, sortby, nomes: ENERGY_GENERATOR_READINGS } },
    { signal },
  );
}

export function energyGeneratorsQueryOptions(sisId: number, sortby: string) {
  return queryOptions({
    queryKey: ['devices', 'energyGenerators', sisId, sortby],
    queryFn: ({ signal }) => getEnergyGenerators(sisId, sortby, signal),
    meta: { live: { types: ['occurrence.opened', 'occurrence.cleared'] } },
  });
}

export function useEnergyGenerators(sisId: number, sortby: string, enabled = true) {
  return useQuery({ ...energyGeneratorsQueryOptions(sisId, sortby), enabled });
}
