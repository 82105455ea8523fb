import { readStored, writeStored } from '../../../lib/storage';
import type { PlantGraphOrder } from './chartModel';

/** Spec 000 §3 "Browser-stored preferences": the plant graphics shown and their order, per plant. */
const key = (usinaId: number) => `usina.graficos.${usinaId}`;

const ids = (value: unknown): number[] =>
  Array.isArray(value) ? value.filter((v): v is number => Number.isInteger(v)) : [];

export function readPlantGraphOrder(usinaId: number): PlantGraphOrder {
  try {
    const parsed = JSON.parse(readStored(key(usinaId)) ?? '{}') as Partial<PlantGraphOrder>;
    return { order: ids(parsed.order), hidden: ids(parsed.hidden) };
  } catch {
    return { order: [], hidden: [] };
  }
}

export function writePlantGraphOrder(usinaId: number, value: PlantGraphOrder): void {
  writeStored(key(usinaId), JSON.stringify(value));
}
