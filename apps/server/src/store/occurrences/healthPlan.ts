import type { HealthPlanRow, InfoSeries } from '@vigia/contract';
import { alarmState } from '@vigia/domain';
import type { Kysely } from 'kysely';
import { notFound } from '../../plugins/httpError.js';
import { parseJson } from '../json.js';
import { readingsIn } from '../packs/readingRange.js';
import type { Database, SystemConfig } from '../schema.js';

/**
 * The caller's systems with the health-plan review (`features.planoSaude` in
 * the system's configuration), or only `sisid` — 404 when that one is not the
 * caller's or has no review.
 */
export async function healthPlanSystems(
  db: Kysely<Database>,
  allowedSystemIds: readonly number[],
  sisid: number | undefined,
): Promise<number[]> {
  if (sisid && !allowedSystemIds.includes(sisid)) throw notFound();
  const wanted = sisid ? [sisid] : allowedSystemIds;
  if (wanted.length === 0) return [];
  const systems = await db
    .selectFrom('systems')
    .select(['id', 'config'])
    .where('id', 'in', wanted)
    .orderBy('id')
    .execute();
  const enabled = systems
    .filter((s) => parseJson<Partial<SystemConfig>>(s.config, {}).features?.planoSaude === true)
    .map((s) => s.id);
  if (sisid && enabled.length === 0) throw notFound();
  return enabled;
}

/** Which of the three lists of spec 001 §4: absent → initial, 'sem' → without reason, 'todos' → all. */
export type HealthPlanMotivo = 'sem' | 'todos' | undefined;

export interface HealthPlanListInput {
  systemIds: readonly number[];
  from: number;
  to: number;
  motivo: HealthPlanMotivo;
  offset: number;
  limit: number;
}

/**
 * The period's occurrences for the review, newest first: the alarms (initial
 * list), the alarms without a reason ('sem'), or every occurrence, events
 * included ('todos'). Answers the page and the full count.
 */
export async function listHealthPlan(
  db: Kysely<Database>,
  input: HealthPlanListInput,
): Promise<{ rows: HealthPlanRow[]; total: number }> {
  if (input.systemIds.length === 0) return { rows: [], total: 0 };
  const base = db
    .selectFrom('occurrences as o')
    .where('o.system_id', 'in', input.systemIds)
    .where('o.hora_ativacao', '>=', input.from)
    .where('o.hora_ativacao', '<=', input.to)
    .$if(input.motivo !== 'todos', (q) => q.where('o.is_evt', '=', 0))
    .$if(input.motivo === 'sem', (q) =>
      q.where((eb) => eb.or([eb('o.motivo', 'is', null), eb('o.motivo', '=', '')])),
    );
  const [page, count] = await Promise.all([
    base
      .innerJoin('devices as d', 'd.id', 'o.device_id')
      .select([
        'o.id',
        'o.site_id',
        'o.device_id',
        'o.motivo',
        'o.system_id',
        'o.critico',
        'o.is_evt',
        'o.hora_ativacao',
        'o.hora_desativacao',
        'o.hora_ack',
        'o.nome_alarme',
        'o.valor_falha',
        'd.patrimonio',
        'd.local_nome',
        'd.uf',
      ])
      .orderBy('o.hora_ativacao', 'desc')
      .orderBy('o.id', 'desc')
      .limit(input.limit)
      .offset(input.offset)
      .execute(),
    base.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow(),
  ]);
  const rows = page.map((o): HealthPlanRow => {
    const isEvt = o.is_evt === 1;
    const horaDesativacao = o.hora_desativacao === null ? null : Number(o.hora_desativacao);
    const horaAck = o.hora_ack === null ? null : Number(o.hora_ack);
    return {
      id: o.id,
      site_id: o.site_id,
      dispositivo_id: o.device_id,
      motivo: o.motivo,
      idSistema: o.system_id,
      critico: o.critico,
      isEvt,
      horaAtivacao: Number(o.hora_ativacao),
      horaDesativacao,
      horaAck,
      nomeAlarme: o.nome_alarme,
      valorFalha: o.valor_falha,
      patrimonio: o.patrimonio,
      localNome: o.local_nome,
      uf: o.uf,
      estado: alarmState({ isEvt, horaDesativacao, horaAck }),
    };
  });
  return { rows, total: Number(count.n) };
}

/**
 * Saves the review reason of an occurrence of `systemIds` and audits it.
 * False when the occurrence is not there (or not the caller's).
 */
export async function saveReason(
  db: Kysely<Database>,
  input: { id: number; motivo: string; userId: number; systemIds: readonly number[]; now: number },
): Promise<boolean> {
  if (input.systemIds.length === 0) return false;
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .updateTable('occurrences')
      .set({ motivo: input.motivo })
      .where('id', '=', input.id)
      .where('system_id', 'in', input.systemIds)
      .returning(['id', 'system_id', 'device_id'])
      .executeTakeFirst();
    if (!row) return false;
    await trx
      .insertInto('audit_log')
      .values({
        ts: input.now,
        user_id: input.userId,
        action: 'occurrence.reason',
        entity: 'occurrence',
        entity_id: String(row.id),
        system_id: row.system_id,
        device_id: row.device_id,
        details: JSON.stringify({
          system_id: row.system_id,
          device_id: row.device_id,
          motivo: input.motivo,
        }),
      })
      .execute();
    return true;
  });
}

/**
 * The readings of a device of the caller between `from` and `to`, one series
 * per info (reading name), oldest first; at most `maxPoints` per series (the
 * newest). 404 when the device is not the caller's.
 */
export async function infoHistory(
  db: Kysely<Database>,
  input: {
    allowedSystemIds: readonly number[];
    deviceId: number;
    from: number;
    to: number;
    names: readonly string[] | undefined;
    maxPoints: number;
  },
): Promise<InfoSeries[]> {
  const device =
    input.allowedSystemIds.length === 0
      ? undefined
      : await db
          .selectFrom('devices')
          .select('id')
          .where('id', '=', input.deviceId)
          .where('system_id', 'in', input.allowedSystemIds)
          .executeTakeFirst();
  if (!device) throw notFound();
  const names = input.names && input.names.length > 0 ? input.names : undefined;
  const tags = await db
    .selectFrom('tags')
    .select(['id', 'nome', 'apelido', 'unidade'])
    .where('device_id', '=', device.id)
    .$if(names !== undefined, (q) => q.where('nome', 'in', names ?? []))
    .orderBy('nome')
    .execute();
  // One tag at a time: what is held is one tag's readings of the period.
  const series: InfoSeries[] = [];
  for (const tag of tags) {
    const rows = await readingsIn(db, [tag.id], input.from, input.to);
    const serie = [];
    for (let i = Math.max(0, rows.length - input.maxPoints); i < rows.length; i++) {
      serie.push({
        ts: rows.ts[i] as number,
        valor: rows.valores[i] as number,
        qos: rows.qos[i] as number,
      });
    }
    series.push({ nome: tag.nome, apelido: tag.apelido, unidade: tag.unidade, serie });
  }
  return series;
}
