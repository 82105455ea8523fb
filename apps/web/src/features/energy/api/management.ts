import type { Period } from '@vigia/domain';
import { formatIsoDate } from '@vigia/domain';

/** Where the api2 plant cards and table look: a system, plant, SCD or venue. */
export interface ManagementScope {
  sisid?: number;
  usinaId?: number;
  scdId?: number;
  venueId?: number;
}

export interface ManagementFilter {
  period: Period;
  sortby: string;
  uf?: string;
  ids?: number[];
}

/** The query the four api2 calls share (`diaDe`, `diaAte` as local days). */
export function managementQuery(scope: ManagementScope, filter: ManagementFilter) {
  return {
    ...scope,
    sortby: filter.sortby,
    diaDe: formatIsoDate(filter.period.inicio),
    diaAte: formatIsoDate(filter.period.fim),
    uf: filter.uf,
    ids: filter.ids && filter.ids.length > 0 ? filter.ids.join(',') : undefined,
  };
}
