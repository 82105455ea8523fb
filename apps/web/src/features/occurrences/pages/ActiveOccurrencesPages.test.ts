import { API } from '@vigia/contract/api';
import { describe, expect, it } from 'vitest';
import { inScope } from '../../../lib/live/liveInterest';
import { ACTIVE_PAGES } from './ActiveOccurrencesPages';

const IDS = { sisId: 200, usinaId: 2, scdId: 3, venueId: 4, siteId: 1001 };
const NO_IDS = { sisId: 200, usinaId: null, scdId: null, venueId: null, siteId: null };

describe('active-alarm pages: one definition, one scope each (spec 001 §2 occurrence lists)', () => {
  it.each([
    ['general', API.occurrences.generalActive.path, {}, 'Alarmes Ativos Gerais'],
    ['system', API.occurrences.systemActive.path, { sisid: 200 }, 'Alarmes Ativos'],
    ['plant', API.occurrences.active.path, { local_id: 2 }, 'Alarmes Ativos da Usina'],
    ['scd', API.occurrences.active.path, { scdId: 3 }, 'Alarmes Ativos do SCD'],
    ['venue', API.occurrences.active.path, { venueId: 4 }, 'Alarmes Ativos do Local'],
    ['site', API.occurrences.siteActive.path, { disp_id: 1001 }, 'Alarmes Ativos do Site'],
  ] as const)('%s asks %s with its scope', (name, path, scope, title) => {
    const page = ACTIVE_PAGES[name];
    expect(page.route.path).toBe(path);
    expect(page.title).toBe(title);
    expect(page.listOf(IDS)?.scope).toEqual(scope);
  });

  it('each page has its own table id (stored column choice)', () => {
    const ids = Object.values(ACTIVE_PAGES).map((p) => p.tableId);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('plant, SCD and site pages link devices inside their plant or SCD', () => {
    expect(ACTIVE_PAGES.plant.listOf(IDS)?.place).toEqual({ usinaId: 2 });
    expect(ACTIVE_PAGES.scd.listOf(IDS)?.place).toEqual({ scdId: 3 });
    expect(ACTIVE_PAGES.site.listOf(IDS)?.place).toEqual({ usinaId: 2, scdId: 3 });
    expect(ACTIVE_PAGES.venue.listOf(IDS)?.place).toBeUndefined();
  });

  it('the site page uses the site configuration; the others the general one', () => {
    expect(ACTIVE_PAGES.site.listOf(IDS)?.config).toEqual({ kind: 'siteActive', siteId: 1001 });
    expect(ACTIVE_PAGES.plant.listOf(IDS)?.config).toEqual({ kind: 'general' });
  });

  it('live events: the site page follows its device, the place pages their system', () => {
    const event = (sisId: number, deviceId: number) =>
      ({ type: 'occurrence.opened', sisId, deviceId, occurrenceId: 1, critico: 1 }) as const;
    const site = ACTIVE_PAGES.site.listOf(IDS)?.liveScope ?? { deviceIds: [] };
    expect(inScope(site, event(200, 1001))).toBe(true);
    expect(inScope(site, event(200, 1002))).toBe(false);
    const plant = ACTIVE_PAGES.plant.listOf(IDS)?.liveScope ?? { deviceIds: [] };
    expect(inScope(plant, event(200, 9))).toBe(true);
    expect(inScope(plant, event(121, 9))).toBe(false);
  });

  it('a page whose scope id is missing from the route has no list (the empty message)', () => {
    for (const name of ['plant', 'scd', 'venue', 'site'] as const) {
      expect(ACTIVE_PAGES[name].listOf(NO_IDS), name).toBeNull();
    }
    expect(ACTIVE_PAGES.system.listOf(NO_IDS)).not.toBeNull();
  });
});
