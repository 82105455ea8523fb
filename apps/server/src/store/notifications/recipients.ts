import type { ShiftEntry } from '@vigia/domain';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../schema.js';

type Db = Kysely<Database>;

/** What a message says of an occurrence. */
export interface AlarmFacts {
  occurrenceId: number;
  systemId: number;
  sistema: string;
  deviceId: number;
  dispositivo: string;
  tipoDispositivo: string;
  /** The device's plant and SCD (its route in the console), null outside one. */
  usinaId: number | null;
  scdId: number | null;
  local: string;
  alarme: string;
  critico: number;
  valor: number | null;
  horaAtivacao: number;
  isEvent: boolean;
}

export async function alarmFacts(db: Db, occurrenceId: number): Promise<AlarmFacts | undefined> {
  const row = await db
    .selectFrom('occurrences as o')
    .innerJoin('devices as d', 'd.id', 'o.device_id')
    .innerJoin('systems as s', 's.id', 'o.system_id')
    .select([
      'o.id',
      'o.system_id',
      's.nome as sistema',
      'd.id as device_id',
      'd.nome as dispositivo',
      'd.tipo',
      'd.usina_id',
      'd.scd_id',
      'd.local_nome',
      'o.nome_alarme',
      'o.critico',
      'o.valor_falha',
      'o.hora_ativacao',
      'o.is_evt',
    ])
    .where('o.id', '=', occurrenceId)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    occurrenceId: row.id,
    systemId: row.system_id,
    sistema: row.sistema,
    deviceId: row.device_id,
    dispositivo: row.dispositivo,
    tipoDispositivo: row.tipo,
    usinaId: row.usina_id,
    scdId: row.scd_id,
    local: row.local_nome,
    alarme: row.nome_alarme,
    critico: row.critico,
    valor: row.valor_falha,
    horaAtivacao: row.hora_ativacao,
    isEvent: row.is_evt === 1,
  };
}

export interface Candidate {
  userId: number;
  administrator: boolean;
  /** The user's own e-mail (administration), used by escalation when preferences name none. */
  email: string | null;
  /** Saved preferences (JSON), or null. */
  prefs: string | null;
  webhookSecret: string | null;
  /** The user's escalas in this system. */
  shift: ShiftEntry[];
}

/**
 * The users who hold a system and are not blocked, with their preferences and
 * their escalas in it: nobody else is ever told of the system's alarms.
 */
export async function systemCandidates(db: Db, systemId: number): Promise<Candidate[]> {
  const users = await db
    .selectFrom('user_systems as us')
    .innerJoin('users as u', 'u.id', 'us.user_id')
    .leftJoin('notification_preferences as p', 'p.user_id', 'u.id')
    .select(['u.id', 'u.administrator', 'u.email', 'p.prefs', 'p.webhook_secret'])
    .where('us.system_id', '=', systemId)
    .where('u.blocked', '=', 0)
    .orderBy('u.id')
    .execute();
  if (users.length === 0) return [];
  const shifts = await db
    .selectFrom('schedules')
    .select(['user_id', 'dia_semana', 'entrada', 'saida'])
    .where('system_id', '=', systemId)
    .where(
      'user_id',
      'in',
      users.map((u) => u.id),
    )
    .execute();
  return users.map((u) => ({
    userId: u.id,
    administrator: u.administrator === 1,
    email: u.email,
    prefs: u.prefs,
    webhookSecret: u.webhook_secret,
    shift: shifts.filter((s) => s.user_id === u.id),
  }));
}

export interface EscalationDue {
  occurrenceId: number;
  systemId: number;
  /** When the server raised the alarm (hora_ativacao for rows older than raised_at). */
  raisedAt: number;
}

/** When the server raised an occurrence; hora_ativacao for rows from before raised_at. */
const raisedAt = sql<number>`coalesce(o.raised_at, o.hora_ativacao)`;

/**
 * Open, unacknowledged, unshelved alarms of systems with escalation on, of at
 * least the system's criticality, raised `step`'s delay ago or more, whose
 * step is not taken yet (step 2 only after step 1). `unitSeconds` is a
 * minute (60; tests shorten it). The delay runs from when the server raised
 * the alarm (`raised_at`), not from the reading's time (a late reading or a
 * device's slow clock would escalate at once); older rows without it take
 * hora_ativacao.
 */
export async function dueEscalations(
  db: Db,
  step: 1 | 2,
  now: number,
  unitSeconds: number,
  limit = 100,
): Promise<EscalationDue[]> {
  const rows = await db
    .selectFrom('occurrences as o')
    .innerJoin('escalation_settings as e', 'e.system_id', 'o.system_id')
    .select(['o.id', 'o.system_id', raisedAt.as('raised_at')])
    .where('e.ativo', '=', 1)
    .where('o.is_evt', '=', 0)
    .where('o.hora_desativacao', 'is', null)
    .where('o.hora_ack', 'is', null)
    .where('o.out_of_service', '=', 0)
    .where((eb) => eb.or([eb('o.shelved_until', 'is', null), eb('o.shelved_until', '<=', now)]))
    .where((eb) => eb('o.critico', '>=', eb.ref('e.critico_minimo')))
    .where(
      raisedAt,
      '<=',
      step === 1
        ? sql<number>`${now} - e.minutos_plantao * ${unitSeconds}`
        : sql<number>`${now} - (e.minutos_plantao + e.minutos_administradores) * ${unitSeconds}`,
    )
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('escalation_steps as s')
            .select('s.step')
            .whereRef('s.occurrence_id', '=', 'o.id')
            .where('s.step', '=', step),
        ),
      ),
    )
    .$if(step === 2, (q) =>
      q.where(({ exists, selectFrom }) =>
        exists(
          selectFrom('escalation_steps as s1')
            .select('s1.step')
            .whereRef('s1.occurrence_id', '=', 'o.id')
            .where('s1.step', '=', 1),
        ),
      ),
    )
    .orderBy('o.id')
    .limit(limit)
    .execute();
  return rows.map((r) => ({
    occurrenceId: r.id,
    systemId: r.system_id,
    raisedAt: Number(r.raised_at),
  }));
}

/**
 * Takes an escalation step: true for the one caller (node) that writes it. The
 * step, its audit row and `write` (the messages) are one transaction.
 */
export async function takeEscalationStep(
  db: Db,
  step: { occurrenceId: number; systemId: number; deviceId: number; step: 1 | 2; now: number },
  write: (trx: Db) => Promise<{ notified: number; userIds: number[] }>,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const taken = await trx
      .insertInto('escalation_steps')
      .values({
        occurrence_id: step.occurrenceId,
        step: step.step,
        system_id: step.systemId,
        at: step.now,
        notified: 0,
      })
      .onConflict((oc) => oc.columns(['occurrence_id', 'step']).doNothing())
      .executeTakeFirst();
    if (Number(taken.numInsertedOrUpdatedRows ?? 0) === 0) return false;
    const { notified, userIds } = await write(trx);
    await trx
      .updateTable('escalation_steps')
      .set({ notified })
      .where('occurrence_id', '=', step.occurrenceId)
      .where('step', '=', step.step)
      .execute();
    await trx
      .insertInto('audit_log')
      .values({
        ts: step.now,
        user_id: null,
        action:
          step.step === 1
            ? 'notificacao.escalonamento.plantao'
            : 'notificacao.escalonamento.administradores',
        entity: 'occurrence',
        entity_id: String(step.occurrenceId),
        system_id: step.systemId,
        device_id: step.deviceId,
        details: JSON.stringify({ etapa: step.step, usuarios: userIds, mensagens: notified }),
      })
      .execute();
    return true;
  });
}
