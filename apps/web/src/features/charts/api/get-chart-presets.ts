import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ChartLine } from '@vigia/contract';
import { API } from '@vigia/contract/api';
import { call } from '../../../lib/api';

/** One configured chart of a device: its preset's lines that the device reports (`idTag` set). */
export interface ChartPreset {
  idGraphical: number;
  nome: string;
  lines: ChartLine[];
}

/**
 * Spec 000 §7: `GET /api/ConfigurationGraphical/{idSite}/graphical`, then each
 * chart's `GET /api/ConfigurationGraphical/{idGraphical}/lines/graphical` with the
 * device as `idSite` (so every line names the device's tag). For a tank: litros,
 * temperatura, nivel (spec 000 §3 "Chart and report presets by device type").
 */
export async function getChartPresets(siteId: number, signal?: AbortSignal) {
  const configs = await call(
    API.configuration.graphicals,
    { params: { idSite: siteId }, query: {} },
    { signal, quiet: true },
  );
  const charts = configs.flatMap(({ idGraphical, nome }) =>
    idGraphical === null ? [] : [{ idGraphical, nome }],
  );
  const presets = await Promise.all(
    charts.map(async ({ idGraphical, nome }): Promise<ChartPreset> => {
      const lines = await call(
        API.configuration.chartLines,
        { params: { idGraphical }, query: { idSite: siteId } },
        { signal, quiet: true },
      );
      return { idGraphical, nome, lines: lines.filter((l) => l.idTag !== null) };
    }),
  );
  return presets.filter((preset) => preset.lines.length > 0);
}

export function chartPresetsQueryOptions(siteId: number) {
  return queryOptions({
    queryKey: ['charts', 'presets', siteId],
    queryFn: ({ signal }) => getChartPresets(siteId, signal),
    // Presets are configuration: no periodic refresh.
    refetchInterval: false,
    staleTime: 5 * 60_000,
  });
}

export function useChartPresets(siteId: number) {
  return useQuery({
    ...chartPresetsQueryOptions(siteId),
    enabled: Number.isInteger(siteId) && siteId > 0,
  });
}
