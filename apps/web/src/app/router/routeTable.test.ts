import { describe, expect, it } from 'vitest';
import { breadcrumbs, landingHref, mountedHref, routePath, systemHomeHref } from './links';
import { isMounted, ROUTES, routeById } from './routeTable';

/** Every path of spec 000 §2 (below `/:sisId`), as the spec writes it. */
const SPEC_ROUTES: Record<string, string[]> = {
  clientes: [
    'home-clientes',
    'home-clientes-map',
    'ocorrenciasSistemas',
    'bateriasSistemas',
    'loadspeedSistemas',
    'tanqueSistemas',
    'energiaSistemas',
    'geradorSistemas',
  ],
  cluster: [
    'home-cluster',
    'home-cluster-map',
    'usinas',
    'scds',
    'medidores',
    'dispositivos',
    'geradores',
    'geradoreson',
    'qtas',
    'tfrs',
    'ups',
    'batmon',
    'io',
    'geladeira',
    'postos',
    'gestao',
    'ocorrencias',
    'unifilar',
    'baterias',
    'loadspeed',
    'tanque',
    'tanque/grafico/:siteId',
    'energia/:tsInit/:tsEnd',
    'entrada/combustivel',
    'potencias',
    'relatorios',
    'primeclusters',
    'combustivel/patrimonios',
    'combustivel/abastecimento',
    'contratos',
    'contratos/novoContrato',
  ],
  usina: [
    'usina/:usinaId/home',
    'usina/:usinaId/visao-geral/:overviewId',
    'usina/:usinaId/grafico/:chartId',
    'usina/:usinaId/relatorio/:reportId',
    'usina/:usinaId/gestao',
    'usina/:usinaId/bateriasclusters',
    'usina/:usinaId/geradorclusters',
    'usina/:usinaId/energiausina/:tsInit/:tsEnd',
    'usina/:usinaId/energiadiaria/:ts',
    'usina/:usinaId/ocorrencias/ocorrencias/historico',
    'usina/:usinaId/ocorrencias/ocorrencias/ativas',
  ],
  scd: [
    'scd/:scdId/home',
    'scd/:scdId/visao-geral/:overviewId',
    'scd/:scdId/scd/grafico/:chartId',
    'scd/:scdId/scd/relatorio/:reportId',
    'scd/:scdId/gestao',
    'scd/:scdId/bateriasscd',
    'scd/:scdId/geradorscd',
    'scd/:scdId/energiascd/:tsInit/:tsEnd',
    'scd/:scdId/energiadiaria/:ts',
    'scd/:scdId/consumo',
    'scd/:scdId/tanques',
    'scd/:scdId/consumo-manual',
    'scd/:scdId/ocorrencias/ocorrencias/scd/historico',
    'scd/:scdId/ocorrencias/ocorrencias/scd/ativas',
  ],
  venue: [
    'venue/:venueId',
    'venue/:venueId/lista',
    'venue/:venueId/gestao',
    'venue/:venueId/ocorrencias/ativas',
    'venue/:venueId/bateria',
    'venue/:venueId/gerador',
    'venue/:venueId/prime',
    'venue/:venueId/combustivel/patrimonios',
    'venue/:venueId/combustivel/abastecimento',
    'venue/:venueId/contratos',
    'venue/:venueId/contratos/novoContrato',
    'sites/dispositivos/:energycenterId',
  ],
  site: [
    'site/:scdId/:usinaId/:siteId/visao-geral/:overviewId',
    'site/:scdId/:usinaId/:siteId/grafico/:chartId',
    'site/:scdId/:usinaId/:siteId/gerenciador',
    'site/:scdId/:usinaId/:siteId/relatorio/:reportId',
    'site/:scdId/:usinaId/:siteId/horimetro',
    'site/:scdId/:usinaId/:siteId/infosOperacionais',
    'site/:scdId/:usinaId/:siteId/ocorrencias/historico',
    'site/:scdId/:usinaId/:siteId/ocorrencias/ativas',
  ],
};

describe('route table (spec 000 §2)', () => {
  it('holds every route of the spec and reports which are mounted', () => {
    const lines: string[] = [];
    let mounted = 0;
    let total = 0;
    for (const [group, paths] of Object.entries(SPEC_ROUTES)) {
      for (const path of paths) {
        const route = ROUTES.find((r) => r.path === path);
        expect(route, `rota da especificação ausente: /:sisId/${path}`).toBeDefined();
        expect(route?.group).toBe(group);
        total += 1;
        if (route && isMounted(route)) mounted += 1;
        lines.push(
          `${route && isMounted(route) ? '✔ montada ' : '· pendente'}  /:sisId/${path}  (${route?.label})`,
        );
      }
    }
    console.info(`Rotas da especificação montadas: ${mounted} de ${total}\n${lines.join('\n')}`);
    expect(mounted).toBeGreaterThanOrEqual(2);
  });

  it('gives LoadSpeed status its own path where the spec shares one with battery status', () => {
    expect(routeById('main.usina.baterias')?.path).toBe('usina/:usinaId/bateriasclusters');
    expect(routeById('main.usina.loadspeed')?.path).toBe('usina/:usinaId/loadspeedclusters');
    expect(routeById('main.scd.baterias')?.path).toBe('scd/:scdId/bateriasscd');
    expect(routeById('main.scd.loadspeed')?.path).toBe('scd/:scdId/loadspeedscd');
  });

  it('has unique ids and paths, pt-BR labels and existing parents', () => {
    expect(new Set(ROUTES.map((r) => r.id)).size).toBe(ROUTES.length);
    expect(new Set(ROUTES.map((r) => r.path)).size).toBe(ROUTES.length);
    for (const route of ROUTES) {
      expect(route.label.trim(), route.id).not.toBe('');
      if (route.parent)
        expect(routeById(route.parent), `${route.id} → ${route.parent}`).toBeDefined();
    }
  });

  it('keeps the spec labels word for word', () => {
    expect(routeById('main.clientes.home')?.label).toBe('Home Sistemas');
    expect(routeById('main.clientes.ocorrencias')?.label).toBe('Alarmes Ativos Gerais');
    expect(routeById('main.cluster.gestao')?.label).toBe('Alarmes Gestão');
    expect(routeById('main.cluster.combustivelPatrimonios')?.label).toBe(
      'Combustível - Patrimonios',
    );
    expect(routeById('main.venue.energycenter')?.label).toBe('Dispositivos - Energy Center');
  });

  it('mounts every route that redirects to its first overview, and the overviews it goes to', () => {
    const redirecting = ROUTES.filter((r) => r.redirectToFirstOverview).map((r) => r.id);
    expect(redirecting).toEqual(['main.usina', 'main.scd', 'main.site']);
    for (const id of [...redirecting, 'main.usina.overview', 'main.scd.overview']) {
      expect(isMounted(routeById(id)!), id).toBe(true);
    }
  });

  it("mounts the venues site table in the cluster group as 'Lista Venues' (spec 001 §2)", () => {
    expect(routeById('main.cluster.venues')).toMatchObject({
      path: 'venues',
      label: 'Lista Venues',
      group: 'cluster',
      nav: true,
    });
    expect(mountedHref('main.cluster.venues', { sisId: 220 })).toBe('/220/venues');
  });

  it('mounts the login-time screens: customer home and cluster home', () => {
    expect(isMounted(routeById('main.clientes.home')!)).toBe(true);
    expect(isMounted(routeById('main.cluster.home')!)).toBe(true);
  });
});

describe('links from the table', () => {
  it('fills the params; the client-systems group always runs under system 0', () => {
    expect(routePath(routeById('main.cluster.home')!, { sisId: 5 })).toBe('/5/home-cluster');
    expect(routePath(routeById('main.clientes.home')!, { sisId: 5 })).toBe('/0/home-clientes');
    expect(
      routePath(routeById('main.site.occurrences.active')!, {
        sisId: 5,
        scdId: 1,
        usinaId: 2,
        siteId: 3,
      }),
    ).toBe('/5/site/1/2/3/ocorrencias/ativas');
  });

  it('a missing param gives no link', () => {
    expect(routePath(routeById('main.usina.home')!, { sisId: 5 })).toBeNull();
  });

  it('links only to mounted screens', () => {
    expect(mountedHref('main.cluster.home', { sisId: 7 })).toBe('/7/home-cluster');
    expect(mountedHref('main.cluster.unifilar', { sisId: 7 })).toBe(
      isMounted(routeById('main.cluster.unifilar')!) ? '/7/unifilar' : null,
    );
  });

  it('builds breadcrumbs from the parents; the current screen has no link', () => {
    expect(breadcrumbs('main.cluster.home', { sisId: 5 })).toEqual([
      { routeId: 'main.clientes.home', label: 'Home Sistemas', href: '/0/home-clientes' },
      { routeId: 'main.cluster.home', label: 'Home', href: null },
    ]);
    expect(breadcrumbs('main.cluster.home', { sisId: 5 }, 'Usina Solar Norte').at(-1)?.label).toBe(
      'Usina Solar Norte',
    );
    expect(
      breadcrumbs('main.usina.overview', { sisId: 5, usinaId: 2, overviewId: 7 }, 'UTE Petrolina'),
    ).toEqual([
      { routeId: 'main.clientes.home', label: 'Home Sistemas', href: '/0/home-clientes' },
      { routeId: 'main.cluster.home', label: 'Home', href: '/5/home-cluster' },
      { routeId: 'main.usina', label: 'Usina', href: '/5/usina/2' },
      { routeId: 'main.usina.overview', label: 'UTE Petrolina', href: null },
    ]);
    const site = breadcrumbs('main.site.horimetro', { sisId: 5, scdId: 1, usinaId: 2, siteId: 3 });
    expect(site.map((c) => c.label)).toEqual(['Home Sistemas', 'Site', 'Relatório Horímetro']);
  });
});

describe('where a system opens (spec 000 §2)', () => {
  const generatorsMounted = isMounted(routeById('main.cluster.geradores')!);

  it('a system configured for the generators page opens there (cluster home until it is mounted)', () => {
    expect(systemHomeHref({ id: 121, home: 'geradores' })).toBe(
      generatorsMounted ? '/121/geradores' : '/121/home-cluster',
    );
  });

  it('other systems open the cluster home', () => {
    expect(systemHomeHref({ id: 8, home: null })).toBe('/8/home-cluster');
  });

  it('the customer home opens the only system by itself and lists two or more', () => {
    expect(landingHref([{ id: 8, home: null }])).toBe('/8/home-cluster');
    expect(landingHref([])).toBeNull();
    expect(
      landingHref([
        { id: 8, home: null },
        { id: 121, home: 'geradores' },
      ]),
    ).toBeNull();
  });
});

describe('links to period routes', () => {
  it('open the energy screens on the previous 8 days to yesterday, or keep the period shown', () => {
    const day = (offset: number) => {
      const d = new Date();
      d.setDate(d.getDate() + offset);
      return d.toLocaleDateString('sv-SE', { timeZone: 'America/Sao_Paulo' });
    };
    expect(mountedHref('main.cluster.energia', { sisId: 121 })).toBe(
      `/121/energia/${day(-8)}/${day(-1)}`,
    );
    expect(mountedHref('main.usina.diaria', { sisId: 121, usinaId: 1 })).toBe(
      `/121/usina/1/energiadiaria/${day(-1)}`,
    );
    expect(
      mountedHref('main.scd.energia', {
        sisId: 121,
        scdId: 2,
        tsInit: '2026-01-01',
        tsEnd: '2026-01-05',
      }),
    ).toBe('/121/scd/2/energiascd/2026-01-01/2026-01-05');
  });
});
