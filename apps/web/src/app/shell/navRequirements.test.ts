import { describe, expect, it } from 'vitest';
import { routeById } from '../router/routeTable';
import { NAV_REQUIREMENTS, offeredTo, systemOffer } from './navRequirements';

const route = (id: string) => {
  const found = routeById(id);
  if (!found) throw new Error(`no route ${id}`);
  return found;
};
const tipos = (...names: string[]) => names.map((tipo) => ({ tipo, total: 2 }));

describe('side navigation: a screen only where the system has it', () => {
  it('names only routes of the table that the navigation lists', () => {
    for (const id of Object.keys(NAV_REQUIREMENTS)) expect(route(id).nav).toBe(true);
  });

  it("'Status Ocorrências' only for a system with the health-plan review", () => {
    const status = route('main.cluster.statusOcorrencias');
    expect(offeredTo(status, systemOffer({ recursos: ['combustivel'] }, undefined))).toBe(false);
    expect(offeredTo(status, systemOffer({ recursos: ['planoSaude'] }, undefined))).toBe(true);
  });

  it('a feature screen waits for the user’s systems; an unknown system has none', () => {
    const fuel = route('main.cluster.combustivel');
    expect(offeredTo(fuel, systemOffer(undefined, tipos('gerador')))).toBe(false);
    expect(offeredTo(fuel, systemOffer({}, tipos('gerador')))).toBe(false);
    expect(
      offeredTo(
        route('main.scd.combustivel'),
        systemOffer({ recursos: ['combustivel'] }, undefined),
      ),
    ).toBe(true);
  });

  it('a device list only when the system has that type, offered while the totals are unknown', () => {
    const qtas = route('main.cluster.qtas');
    const none = { recursos: [] };
    expect(offeredTo(qtas, systemOffer(none, undefined))).toBe(true);
    expect(offeredTo(qtas, systemOffer(none, tipos('gerador', 'tanque')))).toBe(false);
    expect(offeredTo(qtas, systemOffer(none, tipos('qta')))).toBe(true);
    expect(offeredTo(qtas, systemOffer(none, [{ tipo: 'qta', total: 0 }]))).toBe(false);
  });

  it('prime generators need the feature and generators', () => {
    const prime = route('main.cluster.primeclusters');
    expect(offeredTo(prime, systemOffer({ recursos: ['prime'] }, tipos('gerador')))).toBe(true);
    expect(offeredTo(prime, systemOffer({ recursos: ['prime'] }, tipos('qta')))).toBe(false);
    expect(offeredTo(prime, systemOffer({ recursos: [] }, tipos('gerador')))).toBe(false);
  });

  it('screens every system has stay listed', () => {
    const offer = systemOffer({ recursos: [] }, []);
    for (const id of ['main.cluster.home', 'main.cluster.ocorrencias', 'main.cluster.cadastro']) {
      expect(offeredTo(route(id), offer)).toBe(true);
    }
  });
});
