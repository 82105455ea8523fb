import { useParams } from 'react-router';

export type PlaceKind = 'usina' | 'scd';

/** The route ids of a plant's or SCD's screens (`main.usina.overview` …). */
export const PLACE_ROUTES = {
  usina: { home: 'main.usina.home', overview: 'main.usina.overview' },
  scd: { home: 'main.scd.home', overview: 'main.scd.overview' },
} as const;

/** The place in a sentence: "esta usina", "este SCD". */
export const PLACE_IN_TEXT: Record<PlaceKind, string> = { usina: 'esta usina', scd: 'este SCD' };

/** The plant or SCD route's params (`/:sisId/usina/:usinaId/…`, `/:sisId/scd/:scdId/…`) as numbers. */
export function usePlaceParams(kind: PlaceKind) {
  const params = useParams();
  const number = (value: string | undefined) => (value === undefined ? NaN : Number(value));
  return {
    params,
    sisId: number(params.sisId),
    id: number(kind === 'usina' ? params.usinaId : params.scdId),
    overviewId: params.overviewId === undefined ? null : number(params.overviewId),
  };
}
