/**
 * Bulk occurrences for the paging benchmark: one year on the demo fleet's
 * devices, oldest first (ids grow with time, as in production).
 */
import { performance } from 'node:perf_hooks';
import { createRandom } from '../../apps/server/src/seed/random.js';
import { type Store, withSqlite } from '../../apps/server/src/store/database.js';
import { raw } from './raw.js';
import { restoreUpkeep, setAsideUpkeep } from './upkeep.js';

export const DAY = 86_400;
const SPAN = 365 * DAY;

interface Column {
  system_id: number[];
  device_id: number[];
  critico: number[];
  is_evt: number[];
  hora_ativacao: number[];
  hora_desativacao: (number | null)[];
  hora_ack: (number | null)[];
  ack_user_id: (number | null)[];
  nome_alarme: string[];
  valor_falha: (number | null)[];
  rule_id: number[];
}

/**
 * One year of occurrences on the demo devices, oldest first (so ids grow with
 * time, as in production). 30 % events; alarms of the last day are often
 * still active; older ones are mostly cleared and acknowledged, a few not.
 */
async function generate(
  store: Store,
  now: number,
  count: number,
  emit: (batch: Column) => Promise<void>,
) {
  const devices = await store.db
    .selectFrom('devices')
    .select(['id', 'system_id', 'template_id'])
    .execute();
  const rules = await store.db
    .selectFrom('alarm_rules')
    .select(['id', 'template_id', 'nome_alarme', 'critico', 'is_event'])
    .execute();
  const byTemplate = new Map<number, typeof rules>();
  for (const r of rules)
    byTemplate.set(r.template_id, [...(byTemplate.get(r.template_id) ?? []), r]);
  const usable = devices.filter((d) => (byTemplate.get(d.template_id)?.length ?? 0) > 0);
  // At most one open alarm per (device, rule) (partial unique index): the seed's count too.
  const open = new Set(
    (
      await store.db
        .selectFrom('occurrences')
        .select(['device_id', 'rule_id'])
        .where('hora_desativacao', 'is', null)
        .where('is_evt', '=', 0)
        .execute()
    ).map((o) => `${o.device_id}:${o.rule_id}`),
  );
  const rng = createRandom(42);
  const start = now - SPAN;
  const batchSize = 20_000;
  let batch = emptyColumns();
  for (let i = 0; i < count; i++) {
    const device = rng.pick(usable);
    const rule = rng.pick(byTemplate.get(device.template_id) ?? []);
    const hora = Math.floor(start + (i / count) * SPAN);
    const age = now - hora;
    const isEvt = rule.is_event === 1 || rng.chance(0.3) ? 1 : 0;
    let off: number | null = hora + rng.int(30, 7200);
    let ackAt: number | null = hora + rng.int(60, 3 * 3600);
    if (isEvt) {
      off = hora;
      ackAt = null;
    } else if (age < DAY) {
      const key = `${device.id}:${rule.id}`;
      if (rng.chance(0.4) && !open.has(key)) {
        off = null;
        open.add(key);
      }
      if (rng.chance(0.6)) ackAt = null;
    } else if (rng.chance(0.003)) {
      ackAt = null;
    }
    batch.system_id.push(device.system_id);
    batch.device_id.push(device.id);
    batch.critico.push(rule.critico);
    batch.is_evt.push(isEvt);
    batch.hora_ativacao.push(hora);
    batch.hora_desativacao.push(off === null ? null : Math.min(off, now));
    batch.hora_ack.push(ackAt === null ? null : Math.min(ackAt, now));
    batch.ack_user_id.push(ackAt === null ? null : 1);
    batch.nome_alarme.push(rule.nome_alarme);
    batch.valor_falha.push(isEvt ? null : Math.round(rng.between(0, 500) * 100) / 100);
    batch.rule_id.push(rule.id);
    if (batch.system_id.length === batchSize) {
      await emit(batch);
      batch = emptyColumns();
    }
  }
  if (batch.system_id.length > 0) await emit(batch);
}

function emptyColumns(): Column {
  return {
    system_id: [],
    device_id: [],
    critico: [],
    is_evt: [],
    hora_ativacao: [],
    hora_desativacao: [],
    hora_ack: [],
    ack_user_id: [],
    nome_alarme: [],
    valor_falha: [],
    rule_id: [],
  };
}

/** Seconds of each step of a fill. */
export interface FillTimes {
  /** Generating and inserting the rows. */
  insert: number;
  indexes: number;
  counters: number;
  /** `analyze` (SQLite) / `vacuum analyze` (PostgreSQL). */
  analyze: number;
  total: number;
}

/**
 * Inserts `rows` occurrences, then refreshes planner statistics. `rebuild`
 * (the default) sets the per-row upkeep aside and rebuilds it once
 * (`upkeep.ts`); `triggers` inserts through it, as the server does.
 */
export async function bulkInsert(
  store: Store,
  now: number,
  rows: number,
  upkeep: 'rebuild' | 'triggers' = 'rebuild',
): Promise<FillTimes> {
  const started = performance.now();
  const aside = upkeep === 'rebuild' ? await setAsideUpkeep(store) : null;
  await insertRows(store, now, rows);
  const insert = (performance.now() - started) / 1000;
  const rebuilt = aside ? await restoreUpkeep(store, aside) : { indexes: 0, counters: 0 };
  const analyzeStarted = performance.now();
  // Without the vacuum, PostgreSQL's index-only scans visit the heap for every row just written.
  await raw(store, store.raw.dialect === 'sqlite' ? 'analyze' : 'vacuum analyze');
  const analyze = (performance.now() - analyzeStarted) / 1000;
  return { insert, ...rebuilt, analyze, total: (performance.now() - started) / 1000 };
}

async function insertRows(store: Store, now: number, rows: number): Promise<void> {
  if (store.raw.dialect === 'sqlite') {
    const insert = store.raw.sqlite.prepare(
      `insert into occurrences (system_id, device_id, site_id, rule_id, critico, is_evt, hora_ativacao,
         hora_desativacao, hora_ack, ack_user_id, nome_alarme, valor_falha)
       values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    await generate(store, now, rows, (b) =>
      withSqlite(store, (db) => {
        db.transaction(() => {
          for (let i = 0; i < b.system_id.length; i++) {
            insert.run(
              b.system_id[i],
              b.device_id[i],
              b.device_id[i],
              b.rule_id[i],
              b.critico[i],
              b.is_evt[i],
              b.hora_ativacao[i],
              b.hora_desativacao[i],
              b.hora_ack[i],
              b.ack_user_id[i],
              b.nome_alarme[i],
              b.valor_falha[i],
            );
          }
        })();
      }),
    );
    return;
  }
  const { pool } = store.raw;
  await generate(store, now, rows, async (b) => {
    await pool.query(
      `insert into occurrences (system_id, device_id, site_id, rule_id, critico, is_evt, hora_ativacao,
         hora_desativacao, hora_ack, ack_user_id, nome_alarme, valor_falha)
       select s, d, d, r, c, e, h, hd, ha, u, n, v from unnest(
         $1::int[], $2::int[], $3::int[], $4::int[], $5::int[], $6::bigint[], $7::bigint[], $8::bigint[],
         $9::int[], $10::text[], $11::float8[]) as t(s, d, r, c, e, h, hd, ha, u, n, v)`,
      [
        b.system_id,
        b.device_id,
        b.rule_id,
        b.critico,
        b.is_evt,
        b.hora_ativacao,
        b.hora_desativacao,
        b.hora_ack,
        b.ack_user_id,
        b.nome_alarme,
        b.valor_falha,
      ],
    );
  });
}
