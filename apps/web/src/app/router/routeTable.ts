import type { QueryClient } from '@tanstack/react-query';
import { energyDefaultWindow, formatIsoDate } from '@vigia/domain';
import type { ComponentType } from 'react';
import type { Params } from 'react-router';
import { listaTiposQueryOptions } from '../../features/cluster/api/get-lista-tipos';

/** The main groups of spec 000 §2; each has its own side navigation. */
export type RouteGroup = 'clientes' | 'cluster' | 'usina' | 'scd' | 'venue' | 'site';

export interface RouteEntry {
  /** State name (spec 001 §2 where it gives one, e.g. `main.cluster.home`). */
  id: string;
  /** Path below the abstract main route `/:sisId`, without a leading slash. */
  path: string;
  /** Breadcrumb label, pt-BR. */
  label: string;
  /** Breadcrumb parent. */
  parent?: string;
  group: RouteGroup;
  /** The screen, loaded on first visit. A route is mounted when it has one. */
  page?: () => Promise<ComponentType>;
  /** Starts the screen's data while its code downloads (never awaited). */
  prefetch?: (params: Params, client: QueryClient) => void;
  /** Listed in the group's side navigation (routes whose params the group already knows). */
  nav?: boolean;
  /** Values of params the group does not know (a period), for links that carry none. */
  defaults?: () => Record<string, string>;
  /**
   * Abstract group route: a site or plant opened with no child screen goes to
   * its first overview (spec 000 §2, navigation behaviour).
   */
  redirectToFirstOverview?: boolean;
}

/**
 * Every route of spec 000 §2 for the client-systems, cluster, plant, SCD,
 * venue and site groups. Where the spec gives two screens one path, the
 * LoadSpeed status gets its own path (ARCHITECTURE.md); the old path keeps the
 * battery status. Paths and labels are the spec's; labels the spec leaves open
 * are ours, in pt-BR.
 */
export const ROUTES: readonly RouteEntry[] = [
  // Client-systems group (always under system id 0).
  {
    id: 'main.clientes.home',
    path: 'home-clientes',
    label: 'Home Sistemas',
    group: 'clientes',
    nav: true,
    page: () => import('../compose/systemsHome').then((m) => m.SystemsHomeRoute),
  },
  {
    ...clientes('main.clientes.mapa', 'home-clientes-map', 'Mapa'),
    page: () => import('../../features/maps/pages/GpsMapPage').then((m) => m.GpsMapPage),
  },
  {
    ...clientes('main.clientes.ocorrencias', 'ocorrenciasSistemas', 'Alarmes Ativos Gerais'),
    page: () =>
      import('../../features/occurrences/pages/ActiveOccurrencesPages').then(
        (m) => m.GeneralActiveOccurrencesPage,
      ),
  },
  {
    ...clientes('main.clientes.baterias', 'bateriasSistemas', 'Status Baterias'),
    page: () =>
      import('../../features/devices/pages/analysisPages').then((m) => m.BatteryStatusPage),
  },
  {
    ...clientes('main.clientes.loadspeed', 'loadspeedSistemas', 'Status LoadSpeed'),
    page: () =>
      import('../../features/devices/pages/analysisPages').then((m) => m.LoadSpeedStatusPage),
  },
  {
    ...clientes('main.clientes.tanque', 'tanqueSistemas', 'Status Nível de Tanque'),
    page: () => import('../../features/devices/pages/analysisPages').then((m) => m.TankStatusPage),
  },
  {
    ...clientes('main.clientes.energia', 'energiaSistemas', 'Energia'),
    page: () => import('../../features/energy/pages/EnergyPages').then((m) => m.ClientEnergyPage),
  },
  {
    ...clientes('main.clientes.geradores', 'geradorSistemas', 'Status Geradores'),
    page: () => import('../../features/devices/pages/analysisPages').then((m) => m.PowerStatusPage),
  },
  {
    ...clientes(
      'main.clientes.indicadoresAlarmes',
      'indicadoresAlarmesSistemas',
      'Indicadores de Alarmes',
    ),
    page: () =>
      import('../../features/alarmKpi/pages/AlarmKpiPages').then((m) => m.ClientAlarmKpiPage),
  },

  // Vigia's own: administration (issue 28), offered in the user menu to administrators.
  {
    id: 'main.clientes.administracao',
    path: 'administracao',
    label: 'Administração',
    parent: 'main.clientes.home',
    group: 'clientes',
    page: () =>
      import('../../features/admin/pages/AdministrationPage').then((m) => m.AdministrationPage),
  },

  // Vigia's own: each user's alarm notifications (issue 29), in the user menu.
  {
    id: 'main.clientes.notificacoes',
    path: 'notificacoes',
    label: 'Notificações',
    parent: 'main.clientes.home',
    group: 'clientes',
    page: () =>
      import('../../features/notifications/pages/NotificationsPage').then(
        (m) => m.NotificationsPage,
      ),
  },

  // Cluster group: one client system.
  {
    id: 'main.cluster.home',
    path: 'home-cluster',
    label: 'Home',
    parent: 'main.clientes.home',
    group: 'cluster',
    nav: true,
    page: () =>
      import('../../features/cluster/pages/ClusterHomePage').then((m) => m.ClusterHomePage),
    prefetch: (params, client) =>
      void client.prefetchQuery(listaTiposQueryOptions(Number(params.sisId))),
  },
  {
    ...cluster('main.cluster.mapa', 'home-cluster-map', 'Mapa'),
    page: () => import('../../features/maps/pages/GpsMapPage').then((m) => m.GpsMapPage),
  },
  {
    ...cluster('main.cluster.usinas', 'usinas', 'Lista Usinas'),
    page: () => import('../../features/maps/pages/sitePages').then((m) => m.PlantsSiteTablePage),
  },
  {
    ...cluster('main.cluster.scds', 'scds', 'Lista SCDs'),
    page: () => import('../../features/maps/pages/sitePages').then((m) => m.ScdsSiteTablePage),
  },
  // Spec 001 §2's fourth site table ("A venues list exists"); spec 000 §2 gives it no path.
  {
    ...cluster('main.cluster.venues', 'venues', 'Lista Venues'),
    page: () => import('../../features/maps/pages/sitePages').then((m) => m.VenuesSiteTablePage),
  },
  {
    ...cluster('main.cluster.medidores', 'medidores', 'Lista Medidores'),
    page: () => import('../../features/devices/pages/deviceListPages').then((m) => m.MeterListPage),
  },
  {
    ...cluster('main.cluster.dispositivos', 'dispositivos', 'Lista Dispositivos'),
    page: () => import('../../features/maps/pages/sitePages').then((m) => m.DevicesSiteTablePage),
  },
  {
    ...cluster('main.cluster.geradores', 'geradores', 'Lista Geradores'),
    page: () => import('../../features/devices/pages/GeneratorsPage').then((m) => m.GeneratorsPage),
  },
  {
    ...cluster('main.cluster.geradoreson', 'geradoreson', 'Lista Geradores Funcionando'),
    page: () =>
      import('../../features/devices/pages/deviceListPages').then((m) => m.GeneratorsRunningPage),
  },
  {
    ...cluster('main.cluster.qtas', 'qtas', 'Lista QTA'),
    page: () => import('../../features/devices/pages/deviceListPages').then((m) => m.QtaListPage),
  },
  {
    ...cluster('main.cluster.tfrs', 'tfrs', 'Lista Tfr'),
    page: () => import('../../features/devices/pages/deviceListPages').then((m) => m.TfrListPage),
  },
  {
    ...cluster('main.cluster.ups', 'ups', 'Lista UPS'),
    page: () => import('../../features/devices/pages/deviceListPages').then((m) => m.UpsListPage),
  },
  {
    ...cluster('main.cluster.batmon', 'batmon', 'Lista Monitor Bateria'),
    page: () =>
      import('../../features/devices/pages/deviceListPages').then((m) => m.BatteryMonitorListPage),
  },
  {
    ...cluster('main.cluster.io', 'io', 'Lista I/O'),
    page: () => import('../../features/devices/pages/deviceListPages').then((m) => m.IoListPage),
  },
  {
    ...cluster('main.cluster.geladeira', 'geladeira', 'Lista Geladeiras'),
    page: () =>
      import('../../features/devices/pages/deviceListPages').then((m) => m.RefrigeratorListPage),
  },
  {
    ...cluster('main.cluster.postos', 'postos', 'Lista Postos'),
    page: () =>
      import('../../features/devices/pages/deviceListPages').then((m) => m.GasStationListPage),
  },
  {
    ...cluster('main.cluster.gestao', 'gestao', 'Alarmes Gestão'),
    page: () => import('../compose/clusterManagement').then((m) => m.ClusterManagementRoute),
  },
  {
    ...cluster('main.cluster.ocorrencias', 'ocorrencias', 'Alarmes Ativos'),
    page: () =>
      import('../../features/occurrences/pages/ActiveOccurrencesPages').then(
        (m) => m.SystemActiveOccurrencesPage,
      ),
  },
  {
    ...cluster('main.cluster.unifilar', 'unifilar', 'Unifilar'),
    page: () =>
      import('../../features/site/pages/ClusterUnifilarPage').then((m) => m.ClusterUnifilarPage),
  },
  {
    ...cluster('main.cluster.baterias', 'baterias', 'Status Baterias'),
    page: () =>
      import('../../features/devices/pages/analysisPages').then((m) => m.BatteryStatusPage),
  },
  {
    ...cluster('main.cluster.loadspeed', 'loadspeed', 'Status LoadSpeed'),
    page: () =>
      import('../../features/devices/pages/analysisPages').then((m) => m.LoadSpeedStatusPage),
  },
  {
    ...cluster('main.cluster.tanque', 'tanque', 'Status Nível de Tanque'),
    page: () => import('../../features/devices/pages/analysisPages').then((m) => m.TankStatusPage),
  },
  {
    ...cluster('main.cluster.tanqueChart', 'tanque/grafico/:siteId', 'Gráfico do Tanque', {
      parent: 'main.cluster.tanque',
      nav: false,
    }),
    page: () => import('../../features/charts/pages/TankChartPage').then((m) => m.TankChartPage),
  },
  {
    ...cluster('main.cluster.energia', 'energia/:tsInit/:tsEnd', 'Energia'),
    defaults: defaultEnergyPeriod,
    page: () => import('../../features/energy/pages/EnergyPages').then((m) => m.ClusterEnergyPage),
  },
  {
    ...cluster('main.cluster.combustivel', 'entrada/combustivel', 'Entrada de Combustível'),
    page: () => import('../../features/fuel/pages/FuelPages').then((m) => m.SystemFuelPage),
  },
  {
    ...cluster('main.cluster.potencias', 'potencias', 'Status Geradores'),
    page: () => import('../../features/devices/pages/analysisPages').then((m) => m.PowerStatusPage),
  },
  // The spec's customer-specific route: shown for the systems configured for it.
  {
    ...cluster('main.cluster.statusOcorrencias', 'status-ocorrencias', 'Status Ocorrências'),
    page: () =>
      import('../../features/occurrences/pages/HealthPlanPage').then((m) => m.HealthPlanPage),
  },
  {
    ...cluster('main.cluster.indicadoresAlarmes', 'alarmes/indicadores', 'Indicadores de Alarmes'),
    page: () =>
      import('../../features/alarmKpi/pages/AlarmKpiPages').then((m) => m.SystemAlarmKpiPage),
  },
  {
    ...cluster('main.cluster.relatorios', 'relatorios', 'Relatórios'),
    page: () =>
      import('../../features/reports/pages/ReportFilesPage').then((m) => m.ReportFilesPage),
  },
  {
    ...cluster('main.cluster.primeclusters', 'primeclusters', 'Status Geradores Prime Geral'),
    page: () =>
      import('../../features/devices/pages/deviceListPages').then((m) => m.PrimeGeneratorsPage),
  },
  {
    ...cluster(
      'main.cluster.combustivelPatrimonios',
      'combustivel/patrimonios',
      'Combustível - Patrimonios',
    ),
    page: () => import('../../features/fuel/pages/FuelAssetsPages').then((m) => m.FuelAssetsPage),
  },
  {
    ...cluster(
      'main.cluster.combustivelAbastecimento',
      'combustivel/abastecimento',
      'Combustível - Abastecimento',
    ),
    page: () => import('../../features/fuel/pages/FuelAssetsPages').then((m) => m.RefuelsPage),
  },
  // Spec 001 §1/§2: the schedule screens (main.cluster.cadastro); spec 000 §2 gives no path.
  {
    ...cluster('main.cluster.cadastro', 'escalas', 'Escalas'),
    page: () => import('../../features/schedules/pages/SchedulesPage').then((m) => m.SchedulesPage),
  },
  {
    ...cluster('main.cluster.contratos', 'contratos', 'Contratos'),
    page: () => import('../../features/contracts/pages/ContractsPage').then((m) => m.ContractsPage),
  },
  {
    ...cluster('main.cluster.addcontratos', 'contratos/novoContrato', 'Adiciona Contrato', {
      parent: 'main.cluster.contratos',
      nav: false,
    }),
    page: () =>
      import('../../features/contracts/pages/AddContractPage').then((m) => m.AddContractPage),
  },

  // Plant (usina) group.
  {
    id: 'main.usina',
    path: 'usina/:usinaId',
    label: 'Usina',
    parent: 'main.cluster.home',
    group: 'usina',
    redirectToFirstOverview: true,
    page: () => import('../compose/placeOverview').then((m) => m.PlantRoute),
  },
  {
    ...usina('main.usina.home', 'home', 'Dispositivos'),
    page: () => import('../../features/devices/pages/PlaceHomePage').then((m) => m.PlantHomePage),
  },
  {
    ...usina('main.usina.overview', 'visao-geral/:overviewId', 'Visão Geral', false),
    page: () => import('../compose/placeOverview').then((m) => m.PlantOverviewRoute),
  },
  {
    ...usina('main.usina.grafico', 'grafico/:chartId', 'Gráfico', false),
    page: () => import('../../features/charts/pages/PlaceChartPages').then((m) => m.PlantChartPage),
  },
  {
    ...usina('main.usina.relatorio', 'relatorio/:reportId', 'Relatório', false),
    page: () => import('../../features/reports/pages/ReportPages').then((m) => m.PlantReportPage),
  },
  {
    ...usina('main.usina.gestao', 'gestao', 'Gestão de Dispositivos'),
    page: () =>
      import('../../features/energy/pages/ManagementPages').then((m) => m.PlantManagementPage),
  },
  {
    ...usina('main.usina.baterias', 'bateriasclusters', 'Status Baterias'),
    page: () =>
      import('../../features/devices/pages/analysisPages').then((m) => m.BatteryStatusPage),
  },
  {
    ...usina('main.usina.loadspeed', 'loadspeedclusters', 'Status LoadSpeed'),
    page: () =>
      import('../../features/devices/pages/analysisPages').then((m) => m.LoadSpeedStatusPage),
  },
  {
    ...usina('main.usina.geradores', 'geradorclusters', 'Status Geradores'),
    page: () => import('../../features/devices/pages/analysisPages').then((m) => m.PowerStatusPage),
  },
  {
    ...usina('main.usina.energia', 'energiausina/:tsInit/:tsEnd', 'Energia'),
    defaults: defaultEnergyPeriod,
    page: () => import('../../features/energy/pages/EnergyPages').then((m) => m.PlantEnergyPage),
  },
  {
    ...usina('main.usina.diaria', 'energiadiaria/:ts', 'Energia Diária'),
    defaults: defaultEnergyDay,
    page: () =>
      import('../../features/energy/pages/EnergyPages').then((m) => m.PlantDailyEnergyPage),
  },
  {
    ...usina(
      'main.usina.historico',
      'ocorrencias/ocorrencias/historico',
      'Histórico de Ocorrências',
    ),
    page: () =>
      import('../../features/occurrences/pages/OccurrenceHistoryPages').then(
        (m) => m.PlantOccurrenceHistoryPage,
      ),
  },
  {
    ...usina('main.usina.ativas', 'ocorrencias/ocorrencias/ativas', 'Alarmes Ativos'),
    page: () =>
      import('../../features/occurrences/pages/ActiveOccurrencesPages').then(
        (m) => m.PlantActiveOccurrencesPage,
      ),
  },

  // SCD group. Spec 000 §2 gives the first-overview redirect to sites and
  // plants; an SCD (also a navigation target with its own overviews) does the same.
  {
    id: 'main.scd',
    path: 'scd/:scdId',
    label: 'SCD',
    parent: 'main.cluster.home',
    group: 'scd',
    redirectToFirstOverview: true,
    page: () => import('../compose/placeOverview').then((m) => m.ScdRoute),
  },
  {
    ...scd('main.scd.home', 'home', 'Dispositivos'),
    page: () => import('../../features/devices/pages/PlaceHomePage').then((m) => m.ScdHomePage),
  },
  {
    ...scd('main.scd.overview', 'visao-geral/:overviewId', 'Visão Geral', false),
    page: () => import('../compose/placeOverview').then((m) => m.ScdOverviewRoute),
  },
  {
    ...scd('main.scd.grafico', 'scd/grafico/:chartId', 'Gráfico', false),
    page: () => import('../../features/charts/pages/PlaceChartPages').then((m) => m.ScdChartPage),
  },
  {
    ...scd('main.scd.relatorio', 'scd/relatorio/:reportId', 'Relatório', false),
    page: () => import('../../features/reports/pages/ReportPages').then((m) => m.ScdReportPage),
  },
  {
    ...scd('main.scd.gestao', 'gestao', 'Gestão de Dispositivos'),
    page: () =>
      import('../../features/energy/pages/ManagementPages').then((m) => m.ScdManagementPage),
  },
  {
    ...scd('main.scd.baterias', 'bateriasscd', 'Status Baterias'),
    page: () =>
      import('../../features/devices/pages/analysisPages').then((m) => m.BatteryStatusPage),
  },
  {
    ...scd('main.scd.loadspeed', 'loadspeedscd', 'Status LoadSpeed'),
    page: () =>
      import('../../features/devices/pages/analysisPages').then((m) => m.LoadSpeedStatusPage),
  },
  {
    ...scd('main.scd.geradores', 'geradorscd', 'Status Geradores'),
    page: () => import('../../features/devices/pages/analysisPages').then((m) => m.PowerStatusPage),
  },
  {
    ...scd('main.scd.energia', 'energiascd/:tsInit/:tsEnd', 'Energia'),
    defaults: defaultEnergyPeriod,
    page: () => import('../../features/energy/pages/EnergyPages').then((m) => m.ScdEnergyPage),
  },
  {
    ...scd('main.scd.diaria', 'energiadiaria/:ts', 'Energia Diária'),
    defaults: defaultEnergyDay,
    page: () => import('../../features/energy/pages/EnergyPages').then((m) => m.ScdDailyEnergyPage),
  },
  {
    ...scd('main.scd.consumo', 'consumo', 'Consumo Específico'),
    page: () =>
      import('../../features/charts/pages/ConsumptionPage').then((m) => m.ConsumptionPage),
  },
  {
    ...scd('main.scd.tanques', 'tanques', 'Tanques'),
    page: () => import('../../features/devices/pages/analysisPages').then((m) => m.ScdTanksPage),
  },
  {
    ...scd('main.scd.combustivel', 'consumo-manual', 'Consumo Manual'),
    page: () => import('../../features/fuel/pages/FuelPages').then((m) => m.ScdFuelPage),
  },
  {
    ...scd(
      'main.scd.historico',
      'ocorrencias/ocorrencias/scd/historico',
      'Histórico de Ocorrências',
    ),
    page: () =>
      import('../../features/occurrences/pages/OccurrenceHistoryPages').then(
        (m) => m.ScdOccurrenceHistoryPage,
      ),
  },
  {
    ...scd('main.scd.ativas', 'ocorrencias/ocorrencias/scd/ativas', 'Alarmes Ativos'),
    page: () =>
      import('../../features/occurrences/pages/ActiveOccurrencesPages').then(
        (m) => m.ScdActiveOccurrencesPage,
      ),
  },

  // Venue group (abstract: /venue/:venueId opens its device screen).
  {
    ...venue('main.venue.home', '', 'Dispositivos', { parent: 'main.cluster.home' }),
    page: () =>
      import('../../features/devices/pages/VenueDevicesPage').then((m) => m.VenueHomePage),
  },
  {
    ...venue('main.venue.lista', '/lista', 'Listagem'),
    page: () =>
      import('../../features/devices/pages/VenueDevicesPage').then((m) => m.VenueListPage),
  },
  {
    ...venue('main.venue.gestao', '/gestao', 'Gestão de Dispositivos'),
    page: () =>
      import('../../features/energy/pages/ManagementPages').then((m) => m.VenueManagementPage),
  },
  {
    ...venue('main.venue.ativas', '/ocorrencias/ativas', 'Alarmes Ativos'),
    page: () =>
      import('../../features/occurrences/pages/ActiveOccurrencesPages').then(
        (m) => m.VenueActiveOccurrencesPage,
      ),
  },
  {
    ...venue('main.venue.bateria', '/bateria', 'Status Baterias'),
    page: () =>
      import('../../features/devices/pages/analysisPages').then((m) => m.BatteryStatusPage),
  },
  {
    ...venue('main.venue.gerador', '/gerador', 'Status Geradores'),
    page: () => import('../../features/devices/pages/analysisPages').then((m) => m.PowerStatusPage),
  },
  {
    ...venue('main.venue.prime', '/prime', 'Status Geradores Prime'),
    page: () =>
      import('../../features/devices/pages/deviceListPages').then((m) => m.PrimeGeneratorsPage),
  },
  {
    ...venue(
      'main.venue.combustivelPatrimonios',
      '/combustivel/patrimonios',
      'Combustível - Patrimonios',
    ),
    page: () => import('../../features/fuel/pages/FuelAssetsPages').then((m) => m.FuelAssetsPage),
  },
  {
    ...venue(
      'main.venue.combustivelAbastecimento',
      '/combustivel/abastecimento',
      'Combustível - Abastecimento',
    ),
    page: () => import('../../features/fuel/pages/FuelAssetsPages').then((m) => m.RefuelsPage),
  },
  {
    ...venue('main.venue.cadastro', '/escalas', 'Escalas'),
    page: () => import('../../features/schedules/pages/SchedulesPage').then((m) => m.SchedulesPage),
  },
  {
    ...venue('main.venue.contratos', '/contratos', 'Contratos'),
    page: () => import('../../features/contracts/pages/ContractsPage').then((m) => m.ContractsPage),
  },
  {
    ...venue('main.venue.addcontratos', '/contratos/novoContrato', 'Adiciona Contrato', {
      parent: 'main.venue.contratos',
      nav: false,
    }),
    page: () =>
      import('../../features/contracts/pages/AddContractPage').then((m) => m.AddContractPage),
  },
  {
    id: 'main.venue.energycenter',
    path: 'sites/dispositivos/:energycenterId',
    label: 'Dispositivos - Energy Center',
    parent: 'main.cluster.home',
    group: 'venue',
    page: () =>
      import('../../features/devices/pages/EnergyCenterPage').then((m) => m.EnergyCenterPage),
  },

  // Site group: one device. Its breadcrumb parent is the client home.
  {
    id: 'main.site',
    path: 'site/:scdId/:usinaId/:siteId',
    label: 'Site',
    parent: 'main.clientes.home',
    group: 'site',
    redirectToFirstOverview: true,
    page: () => import('../compose/siteOccurrences').then((m) => m.SiteRoute),
  },
  {
    ...site('main.site.overview', 'visao-geral/:overviewId', 'Visão Geral', false),
    page: () => import('../compose/siteOccurrences').then((m) => m.SiteOverviewRoute),
  },
  {
    ...site('main.site.grafico', 'grafico/:chartId', 'Gráfico', false),
    page: () => import('../../features/charts/pages/TankChartPage').then((m) => m.SiteChartPage),
  },
  {
    ...site('main.site.gerenciador', 'gerenciador', 'Gerenciador de Gráficos'),
    page: () => import('../compose/chartManager').then((m) => m.ChartManagerRoute),
  },
  {
    ...site('main.site.relatorio', 'relatorio/:reportId', 'Relatório', false),
    page: () => import('../../features/reports/pages/ReportPages').then((m) => m.SiteReportPage),
  },
  {
    ...site('main.site.horimetro', 'horimetro', 'Relatório Horímetro'),
    page: () =>
      import('../../features/reports/pages/ReportPages').then((m) => m.HourMeterReportPage),
  },
  {
    ...site('main.site.infos', 'infosOperacionais', 'Informações Operacionais'),
    page: () =>
      import('../../features/reports/pages/ReportPages').then((m) => m.OperationalInfoPage),
  },
  {
    ...site('main.site.occurrences.history', 'ocorrencias/historico', 'Histórico de Ocorrências'),
    page: () =>
      import('../../features/occurrences/pages/OccurrenceHistoryPages').then(
        (m) => m.SiteOccurrenceHistoryPage,
      ),
  },
  {
    ...site('main.site.occurrences.active', 'ocorrencias/ativas', 'Alarmes Ativos'),
    page: () =>
      import('../../features/occurrences/pages/ActiveOccurrencesPages').then(
        (m) => m.SiteActiveOccurrencesPage,
      ),
  },
];

/** Spec 001 §9: the energy screens open on the previous 8 days to yesterday. */
function defaultEnergyPeriod(): Record<string, string> {
  const { inicio, fim } = energyDefaultWindow(new Date());
  return { tsInit: formatIsoDate(inicio), tsEnd: formatIsoDate(fim) };
}

/** The daily energy opens on yesterday. */
function defaultEnergyDay(): Record<string, string> {
  return { ts: formatIsoDate(energyDefaultWindow(new Date()).fim) };
}

interface Extra {
  parent?: string;
  nav?: boolean;
}

function clientes(id: string, path: string, label: string): RouteEntry {
  return { id, path, label, parent: 'main.clientes.home', group: 'clientes', nav: true };
}

function cluster(id: string, path: string, label: string, extra: Extra = {}): RouteEntry {
  return { id, path, label, parent: 'main.cluster.home', group: 'cluster', nav: true, ...extra };
}

function usina(id: string, path: string, label: string, nav = true): RouteEntry {
  return { id, path: `usina/:usinaId/${path}`, label, parent: 'main.usina', group: 'usina', nav };
}

function scd(id: string, path: string, label: string, nav = true): RouteEntry {
  return { id, path: `scd/:scdId/${path}`, label, parent: 'main.scd', group: 'scd', nav };
}

function venue(id: string, path: string, label: string, extra: Extra = {}): RouteEntry {
  return {
    id,
    path: `venue/:venueId${path}`,
    label,
    parent: 'main.venue.home',
    group: 'venue',
    nav: true,
    ...extra,
  };
}

function site(id: string, path: string, label: string, nav = true): RouteEntry {
  return {
    id,
    path: `site/:scdId/:usinaId/:siteId/${path}`,
    label,
    parent: 'main.site',
    group: 'site',
    nav,
  };
}

const BY_ID = new Map(ROUTES.map((route) => [route.id, route]));

export function routeById(id: string): RouteEntry | undefined {
  return BY_ID.get(id);
}

export function isMounted(route: RouteEntry): boolean {
  return route.page !== undefined;
}

export const MOUNTED_ROUTES = ROUTES.filter(isMounted);
