import { useParams } from 'react-router';
import { useUserInfo } from '../../../lib/user/get-user-info';

/** Where a list looks, from the route: a venue, plant, SCD, one system or (sisId 0) all of them. */
export interface ListScope {
  sisid: number;
  usinaId?: number;
  scdId?: number;
  venueId?: number;
}

function idParam(value: string | undefined): number | undefined {
  const n = Number(value);
  return value !== undefined && Number.isInteger(n) && n > 0 ? n : undefined;
}

export function useListScope(): ListScope {
  const params = useParams();
  const scope: ListScope = { sisid: Number(params.sisId ?? 0) || 0 };
  const usinaId = idParam(params.usinaId);
  const scdId = idParam(params.scdId);
  const venueId = idParam(params.venueId);
  if (venueId !== undefined) scope.venueId = venueId;
  else if (scdId !== undefined) scope.scdId = scdId;
  else if (usinaId !== undefined) scope.usinaId = usinaId;
  return scope;
}

/** The name of the scope's system for the heading ('' for all systems). */
export function useSystemName(sisId: number): string | null {
  const user = useUserInfo();
  if (sisId === 0) return 'Todos os sistemas';
  return user.data?.sistemas.find((s) => s.id === sisId)?.nome ?? null;
}
