import { useParams } from 'react-router';

/** The site route's params (`/:sisId/site/:scdId/:usinaId/:siteId/…`) as numbers. */
export function useSiteParams() {
  const params = useParams();
  const number = (value: string | undefined) => (value === undefined ? NaN : Number(value));
  return {
    params,
    siteId: number(params.siteId),
    overviewId: params.overviewId === undefined ? null : number(params.overviewId),
  };
}
