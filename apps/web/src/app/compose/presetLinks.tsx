import { Anchor, Group, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { chartPresetsQueryOptions } from '../../features/charts/api/get-chart-presets';
import { useReportConfigs } from '../../features/reports/api/get-report';
import { type RouteParams, useRouteLinks } from '../../lib/navigation';
import { type PlaceKind, usePlaceDevice } from '../../lib/site/get-place-device';

/** Report kinds with a screen of their own on a site (not `relatorio/:reportId`). */
export const OWN_REPORT_ROUTES: Readonly<Record<string, string>> = {
  horimetro: 'main.site.horimetro',
  infosOperacionais: 'main.site.infos',
};

export interface PresetLink {
  key: string;
  nome: string;
  href: string;
}

export interface PresetLinks {
  charts: PresetLink[];
  reports: PresetLink[];
  /** The presets with a screen of their own (OWN_REPORT_ROUTES) this device has, by route. */
  ownReportRoutes: ReadonlyMap<string, PresetLink>;
}

const PRESET_ROUTES = {
  site: { chart: 'main.site.grafico', report: 'main.site.relatorio' },
  usina: { chart: 'main.usina.grafico', report: 'main.usina.relatorio' },
  scd: { chart: 'main.scd.grafico', report: 'main.scd.relatorio' },
} as const;

type PresetGroup = keyof typeof PRESET_ROUTES;

export function hasPresets(group: string): group is PresetGroup {
  return group in PRESET_ROUTES;
}

const idOf = (value: RouteParams[string]) => {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : null;
};

/**
 * The chart and report presets of the site, plant or SCD the params name, as
 * links (a plant's or SCD's are its measuring device's); undefined until both
 * lists are known. `enabled` holds the calls until the screen has loaded.
 */
export function usePresetLinks(
  group: string,
  params: RouteParams,
  enabled = true,
): PresetLinks | undefined {
  const presetGroup = hasPresets(group) ? group : null;
  const place: PlaceKind | null = presetGroup === 'site' ? null : presetGroup;
  const placeId = idOf(presetGroup === 'usina' ? params.usinaId : params.scdId) ?? 0;
  const placeDevice = usePlaceDevice(enabled ? place : null, placeId);
  const siteId = presetGroup === 'site' ? idOf(params.siteId) : null;
  const deviceId = presetGroup === 'site' ? siteId : (placeDevice.data?.id ?? null);
  const ownerId = presetGroup === 'site' ? siteId : placeId;
  const owner =
    presetGroup && enabled && deviceId !== null && ownerId
      ? {
          idSite: ownerId,
          tipoLocal: presetGroup === 'site' ? ('dispositivo' as const) : presetGroup,
          deviceId,
        }
      : null;
  const charts = useQuery({
    ...chartPresetsQueryOptions(owner ?? { idSite: 0, tipoLocal: 'dispositivo', deviceId: 0 }),
    enabled: owner !== null,
  });
  const reports = useReportConfigs(owner ? deviceId : null);
  const { hrefFor } = useRouteLinks();
  // A plant or SCD without a measuring device has no presets.
  const noDevice = place !== null && placeDevice.data === null;
  if (!presetGroup || !enabled) return undefined;
  if (noDevice) return { charts: [], reports: [], ownReportRoutes: new Map() };
  if (!charts.data || !reports.data) return undefined;
  const routes = PRESET_ROUTES[presetGroup];
  const link = (route: string, extra: RouteParams, key: string, nome: string) => {
    const href = hrefFor(route, { ...params, ...extra });
    return href ? [{ key, nome, href }] : [];
  };
  const ownReportRoutes = new Map<string, PresetLink>();
  const reportLinks = reports.data.flatMap((config) => {
    if (config.idTabela === null) return [];
    const nome = config.table?.nome ?? config.nome;
    const own = presetGroup === 'site' ? OWN_REPORT_ROUTES[config.table?.tipo ?? ''] : undefined;
    if (own) {
      for (const l of link(own, {}, own, nome)) ownReportRoutes.set(own, l);
      return [];
    }
    return link(routes.report, { reportId: config.idTabela }, `r${config.idTabela}`, nome);
  });
  return {
    charts: charts.data.flatMap((preset) =>
      link(routes.chart, { chartId: preset.idGraphical }, `g${preset.idGraphical}`, preset.nome),
    ),
    reports: reportLinks,
    ownReportRoutes,
  };
}

function LinkRow({ title, links }: { title: string; links: readonly PresetLink[] }) {
  if (links.length === 0) return null;
  return (
    <Group gap="xs" align="baseline" wrap="wrap">
      <Text size="sm" fw={600} c="gray.8">
        {title}:
      </Text>
      {links.map((l) => (
        <Anchor key={l.key} component={Link} to={l.href} size="sm" c="gray.9" underline="always">
          {l.nome}
        </Anchor>
      ))}
    </Group>
  );
}

/** The site page's links to every chart and report preset of the device (none: nothing shown). */
export function SitePresetLinks() {
  const params = useParams();
  const presets = usePresetLinks('site', params);
  if (!presets) return null;
  const reports = [...presets.reports, ...presets.ownReportRoutes.values()];
  if (presets.charts.length === 0 && reports.length === 0) return null;
  return (
    <Stack component="nav" aria-label="Gráficos e relatórios do dispositivo" gap={4}>
      <LinkRow title="Gráficos" links={presets.charts} />
      <LinkRow title="Relatórios" links={reports} />
    </Stack>
  );
}
