import { type Kysely, sql } from 'kysely';
import { ReadingBuffer } from '../readingsWriter.js';
import type { Database } from '../schema.js';
import { decodePack, hourOf } from './packCodec.js';

/*
 * History is kept two ways (store/packs/packing.ts): closed hours packed one
 * row per tag and hour in `reading_packs`, the recent hours (and a reading that
 * arrived late for a packed hour, until the next pass) as rows of `readings`.
 * Every read of raw history goes through here and sees both, exactly as if all
 * were rows of `readings`. Where a time is in both (a late copy of a reading
 * already packed), the packed one is the reading: as with two rows, the first
 * written is kept.
 */

type Db = Kysely<Database>;

/**
 * Two lists in (tag, ts) order as one; a time in both keeps `first`'s reading
 * (the packed one, written before: as `readings` keeps the first of two rows).
 */
export function mergeKeepingFirst(first: ReadingBuffer, second: ReadingBuffer): ReadingBuffer {
  if (second.length === 0) return first;
  if (first.length === 0) return second;
  const out = new ReadingBuffer(first.length + second.length);
  let a = 0;
  let b = 0;
  const take = (from: ReadingBuffer, i: number) =>
    out.push(
      from.tagIds[i] as number,
      from.ts[i] as number,
      from.valores[i] as number,
      from.qos[i] as number,
    );
  while (a < first.length || b < second.length) {
    const order =
      a === first.length
        ? 1
        : b === second.length
          ? -1
          : (first.tagIds[a] as number) - (second.tagIds[b] as number) ||
            (first.ts[a] as number) - (second.ts[b] as number);
    if (order <= 0) take(first, a++);
    if (order >= 0) {
      if (order > 0) take(second, b);
      b++;
    }
  }
  return out;
}

/** Each tag's readings in [inicio, fim] (epoch seconds, inclusive), in (tag, ts) order. */
export async function readingsIn(
  db: Db,
  tagIds: readonly number[],
  inicio: number,
  fim: number,
): Promise<ReadingBuffer> {
  if (tagIds.length === 0 || fim < inicio) return new ReadingBuffer(1);
  const [packs, rows] = await Promise.all([
    db
      .selectFrom('reading_packs')
      .select(['tag_id', 'inicio', 'pontos'])
      .where('tag_id', 'in', tagIds)
      .where('inicio', '>=', hourOf(inicio))
      .where('inicio', '<=', fim)
      .orderBy('tag_id')
      .orderBy('inicio')
      .execute(),
    db
      .selectFrom('readings')
      .select(['tag_id', 'ts', 'valor', 'qos'])
      .where('tag_id', 'in', tagIds)
      .where('ts', '>=', inicio)
      .where('ts', '<=', fim)
      .orderBy('tag_id')
      .orderBy('ts')
      .execute(),
  ]);
  const packed = new ReadingBuffer(Math.max(1, packs.length * 64));
  for (const pack of packs) {
    decodePack(pack.tag_id, Number(pack.inicio), pack.pontos, packed, inicio, fim);
  }
  const raw = new ReadingBuffer(Math.max(1, rows.length));
  for (const row of rows) raw.push(row.tag_id, Number(row.ts), row.valor, row.qos);
  return mergeKeepingFirst(packed, raw);
}

/**
 * Each tag's newest reading at or before `at` and not before `since`: one
 * backward step on each table's key per tag. A tag with none is left out.
 */
export async function newestAtOrBefore(
  db: Db,
  tagIds: readonly number[],
  at: number,
  since = 0,
): Promise<Map<number, { ts: number; valor: number }>> {
  const out = new Map<number, { ts: number; valor: number }>();
  if (tagIds.length === 0 || at < since) return out;
  const keep = (tagId: number, ts: number, valor: number) => {
    const found = out.get(tagId);
    if (!found || ts > found.ts) out.set(tagId, { ts, valor });
  };
  const ids = sql.join(tagIds);
  const { rows: raw } = await sql<{ tag_id: number; ts: number; valor: number }>`
    select r.tag_id, r.ts, r.valor from (
      select t.id as tag_id, (select x.ts from readings x
        where x.tag_id = t.id and x.ts <= ${at} and x.ts >= ${since}
        order by x.ts desc limit 1) as ts
      from tags t where t.id in (${ids})) n
    join readings r on r.tag_id = n.tag_id and r.ts = n.ts`.execute(db);
  for (const row of raw) keep(row.tag_id, Number(row.ts), row.valor);
  // The newest pack starting at or before `at`; if all its readings are after
  // `at` (a time inside the hour), the one before it.
  let waiting = [...tagIds];
  let before = at;
  const hourSince = hourOf(since);
  while (waiting.length > 0 && before >= hourSince) {
    const { rows: packs } = await sql<{ tag_id: number; inicio: number; pontos: Uint8Array }>`
      select p.tag_id, p.inicio, p.pontos from (
        select t.id as tag_id, (select x.inicio from reading_packs x
          where x.tag_id = t.id and x.inicio <= ${before} and x.inicio >= ${hourSince}
          order by x.inicio desc limit 1) as inicio
        from tags t where t.id in (${sql.join(waiting)})) n
      join reading_packs p on p.tag_id = n.tag_id and p.inicio = n.inicio`.execute(db);
    const next: number[] = [];
    const decoded = new ReadingBuffer(64);
    for (const pack of packs) {
      decoded.clear();
      const hour = Number(pack.inicio);
      decodePack(pack.tag_id, hour, pack.pontos, decoded, since, at);
      const last = decoded.length - 1;
      if (last >= 0) keep(pack.tag_id, decoded.ts[last] as number, decoded.valores[last] as number);
      else if (hour === hourOf(at)) next.push(pack.tag_id);
    }
    waiting = next;
    before = hourOf(at) - 1;
  }
  return out;
}
