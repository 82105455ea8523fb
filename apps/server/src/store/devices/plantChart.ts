import type { PlantChart, PlantChartTipo } from '@vigia/contract';
import { chartBucketSeconds, ENERGY_COUNTERS, READING } from '@vigia/domain';
import type { Kysely } from 'kysely';
import { plantTags } from '../reports/plantTags.js';
import { dayAggregates, fold, HOUR_S, hourAggregates } from '../rollups/rollups.js';
import type { Database } from '../schema.js';

/*
 * The plant chart (`GET /api2/energia/usinas/{usinaId}/grafico`): each
 * device's active power averaged per bucket (at least an hour), or the energy
 * its counter advanced per local day, read from the hourly and daily
 * aggregates.
 */

const DAY_S = 86_400;

export async function readPlantChart(
  db: Kysely<Database>,
  plant: { id: number; nome: string },
  tipo: PlantChartTipo,
  inicio: number,
  fim: number,
): Promise<PlantChart> {
  const energy = tipo === 'energia';
  const tags = await plantTags(db, plant.id, (deviceTipo) =>
    energy ? ENERGY_COUNTERS[deviceTipo]?.reading : READING.activePower,
  );
  const tagIds = tags.map((t) => t.tagId);
  const step = energy ? DAY_S : Math.max(HOUR_S, chartBucketSeconds(inicio, fim));
  const aggregates = energy
    ? await dayAggregates(db, tagIds, inicio, fim)
    : fold(await hourAggregates(db, tagIds, inicio, fim), (ts) => Math.floor(ts / step) * step);
  const byTag = new Map<number, typeof aggregates>();
  for (const a of aggregates) byTag.set(a.tag_id, [...(byTag.get(a.tag_id) ?? []), a]);
  return {
    usinaId: plant.id,
    nome: plant.nome,
    tipo,
    inicio,
    fim,
    agrupamento: step,
    series: tags.map((tag) => {
      const scale = ENERGY_COUNTERS[tag.tipo]?.scale ?? 1;
      return {
        idDispositivo: tag.deviceId,
        nome: tag.nome,
        patrimonio: tag.patrimonio || null,
        tipo: tag.tipo,
        unidade: energy ? 'kWh' : tag.unidade,
        serie: (byTag.get(tag.tagId) ?? []).map((a) => ({
          ts: a.inicio,
          valor: energy ? Math.max(a.ultimo - a.primeiro, 0) * scale : a.soma / a.n,
        })),
      };
    }),
  };
}
