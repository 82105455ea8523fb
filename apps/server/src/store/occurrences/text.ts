import type { Kysely } from 'kysely';
import type { OccurrenceDatabase } from './db.js';
import type { TextMatch } from './filter.js';

/** Lower case without accents: 'Pressão' and 'PRESSAO' compare equal. */
export function foldText(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

/**
 * `filtroTexto` resolved to what it matches: alarm names (from the name set of
 * migration 0100) and devices of the scope by name, asset number (patrimonio),
 * location name or UF. Case and accents are ignored. Null when every device of
 * the scope matches (the filter then keeps every row).
 */
export async function resolveTextFilter(
  db: Kysely<OccurrenceDatabase>,
  text: string,
  scope: { systemIds: readonly number[]; deviceIds: readonly number[] | null },
): Promise<TextMatch | null> {
  const needle = foldText(text.trim());
  const [names, devices] = await Promise.all([
    db.selectFrom('occurrence_names').select('nome_alarme').execute(),
    db
      .selectFrom('devices')
      .select(['id', 'nome', 'patrimonio', 'local_nome', 'uf'])
      .where('system_id', 'in', scope.systemIds)
      .$if(scope.deviceIds !== null, (q) => q.where('id', 'in', scope.deviceIds ?? []))
      .execute(),
  ]);
  const matchingDevices = devices
    .filter((d) =>
      [d.nome, d.patrimonio, d.local_nome, d.uf].some((v) => foldText(v).includes(needle)),
    )
    .map((d) => d.id);
  if (devices.length > 0 && matchingDevices.length === devices.length) return null;
  return {
    names: names.map((n) => n.nome_alarme).filter((name) => foldText(name).includes(needle)),
    deviceIds: matchingDevices,
  };
}
