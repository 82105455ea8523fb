import type { ResumeSiteRow } from '@vigia/contract';
import { describe, expect, it } from 'vitest';
import type { RouteLinks, RouteParams } from '../../../lib/navigation';
import { siteRowHref } from './placeLinks';

/** Links written as `state(params)`, to read which screen a row opens. */
const links: RouteLinks = {
  hrefFor: (id: string, params: RouteParams = {}) =>
    `${id}(${Object.entries(params)
      .map(([k, v]) => `${k}=${v}`)
      .join(',')})`,
  systemHomeHref: () => '',
  landingHref: () => null,
  customerHomeHref: () => '',
};

const row = (destino: ResumeSiteRow['destino'], extra: Partial<ResumeSiteRow> = {}) =>
  ({ destino, id: 7, sisId: 220, usinaId: null, scdId: null, ...extra }) as ResumeSiteRow;

describe('a site-table row opens what it names (spec 001 §2)', () => {
  it('a device opens the site route with its plant and SCD, 0 where it has none', () => {
    expect(siteRowHref(links, row('site', { usinaId: 2 }))).toBe(
      'main.site(sisId=220,scdId=0,usinaId=2,siteId=7)',
    );
  });

  it('a plant or SCD opens main.usina / main.scd, which go on to the first overview', () => {
    expect(siteRowHref(links, row('usina'))).toBe('main.usina(sisId=220,usinaId=7)');
    expect(siteRowHref(links, row('scd'))).toBe('main.scd(sisId=220,scdId=7)');
  });

  it('a venue opens its devices at /venue/:venueId', () => {
    expect(siteRowHref(links, row('venue'))).toBe('main.venue.home(sisId=220,venueId=7)');
  });
});
