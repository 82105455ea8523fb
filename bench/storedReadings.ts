import type { Store } from '../apps/server/src/store/database.js';
import { readingsIn } from '../apps/server/src/store/packs/readingRange.js';

export interface StoredReading {
  device_id: number;
  nome: string;
  ts: number;
  valor: number;
}

/**
 * Every stored reading of the tags named `names`, with its device: rows and
 * packed hours alike (a server packs hours past its rollups' late margin, and
 * benches that publish readings days old see them packed by a node's first pass).
 */
export async function storedReadings(
  store: Store,
  names: readonly string[],
): Promise<StoredReading[]> {
  const tags = await store.db
    .selectFrom('tags')
    .select(['id', 'device_id', 'nome'])
    .where('nome', 'in', names)
    .execute();
  const byId = new Map(tags.map((t) => [t.id, t]));
  const rows = await readingsIn(
    store.db,
    tags.map((t) => t.id),
    0,
    Number.MAX_SAFE_INTEGER,
  );
  const out: StoredReading[] = [];
  for (let i = 0; i < rows.length; i++) {
    const tag = byId.get(rows.tagIds[i] as number);
    if (!tag) continue;
    out.push({
      device_id: tag.device_id,
      nome: tag.nome,
      ts: rows.ts[i] as number,
      valor: rows.valores[i] as number,
    });
  }
  return out;
}
