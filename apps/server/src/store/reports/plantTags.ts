import type { Kysely } from 'kysely';
import type { Database } from '../schema.js';

export interface PlantTag {
  deviceId: number;
  nome: string;
  patrimonio: string;
  tipo: string;
  tagId: number;
  tagNome: string;
  unidade: string;
}

/** The tags named `nomeOf(tipo)` of the plant's devices, by device id (a device without one is left out). */
export async function plantTags(
  db: Kysely<Database>,
  usinaId: number,
  nomeOf: (tipo: string) => string | undefined,
): Promise<PlantTag[]> {
  const rows = await db
    .selectFrom('devices as d')
    .innerJoin('tags as t', 't.device_id', 'd.id')
    .select([
      'd.id as deviceId',
      'd.nome as nome',
      'd.patrimonio as patrimonio',
      'd.tipo as tipo',
      't.id as tagId',
      't.nome as tagNome',
      't.unidade as unidade',
    ])
    .where('d.usina_id', '=', usinaId)
    .orderBy('d.id')
    .execute();
  return rows.filter((row) => nomeOf(row.tipo) === row.tagNome);
}
