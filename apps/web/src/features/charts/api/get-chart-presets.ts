import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ChartLine, TipoLocal } from '@vigia/contract';
import { API } from '@vigia/contract/api';
import { call } from '../../../lib/api';

/** One configured chart: its preset's lines that the drawing device reports (`idTag` set). */
export interface ChartPreset {
  idGraphical: number;
  nome: string;
  /** Minutes the chart opens with (spec 001 §9: 10080 for gas prediction). */
  tempoDefault: number | null;
  lines: ChartLine[];
}

/** Whose charts: a device (a site), a plant or an SCD, and the device whose tags the lines name. */
export interface ChartOwner {
  idSite: number;
  tipoLocal: TipoLocal;
  /** The device drawn: the site itself, or the plant's or SCD's measuring device. */
  deviceId: number;
}

/**
 * Spec 000 §7: `GET /api/ConfigurationGraphical/{idSite}/graphical`, then each
 * chart's `GET /api/ConfigurationGraphical/{idGraphical}/lines/graphical` with the
 * drawn device as `idSite` (so every line names the device's tag). For a tank:
 * litros, temperatura, nivel (spec 000 §3 "Chart and report presets by device
 * type"). Plant-chart lines (`tipo` potencia or energia) need no tag.
 */
export async function getChartPresets(owner: ChartOwner, signal?: AbortSignal) {
  const configs = await call(
    API.configuration.graphicals,
    { params: { idSite: owner.idSite }, query: { tipoLocal: owner.tipoLocal } },
    { signal, quiet: true },
  );
  const charts = configs.flatMap(({ idGraphical, nome, tempoDefault, graphic }) =>
    idGraphical === null
      ? []
      : [{ idGraphical, nome, tempoDefault: graphic?.tempoDefault ?? tempoDefault }],
  );
  const presets = await Promise.all(
    charts.map(async (chart): Promise<ChartPreset> => {
      const lines = await call(
        API.configuration.chartLines,
        { params: { idGraphical: chart.idGraphical }, query: { idSite: owner.deviceId } },
        { signal, quiet: true },
      );
      return { ...chart, lines: lines.filter((l) => l.idTag !== null || isPlantLine(l)) };
    }),
  );
  return presets.filter((preset) => preset.lines.length > 0);
}

/** A line drawn from the plant chart call (each equipment's power, or energy per day). */
export function isPlantLine(line: Pick<ChartLine, 'tipo'>): line is ChartLine & {
  tipo: 'potencia' | 'energia';
} {
  return line.tipo === 'potencia' || line.tipo === 'energia';
}

export function chartPresetsQueryOptions(owner: ChartOwner) {
  return queryOptions({
    queryKey: ['charts', 'presets', owner.tipoLocal, owner.idSite, owner.deviceId],
    queryFn: ({ signal }) => getChartPresets(owner, signal),
    // Presets are configuration: no periodic refresh.
    refetchInterval: false,
    staleTime: 5 * 60_000,
  });
}

const validId = (id: number) => Number.isInteger(id) && id > 0;

export function useChartPresets(owner: ChartOwner | null) {
  return useQuery({
    ...chartPresetsQueryOptions(owner ?? { idSite: 0, tipoLocal: 'dispositivo', deviceId: 0 }),
    enabled: owner !== null && validId(owner.idSite) && validId(owner.deviceId),
  });
}
