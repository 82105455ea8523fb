import type { Schedule, ScheduleAdmin } from '@vigia/contract';
import type { Kysely, SelectQueryBuilder } from 'kysely';
import type { Database } from '../schema.js';

type Db = Kysely<Database>;

export interface ScheduleFilter {
  systemId: number;
  usuarioId?: number;
  diaSemana?: number;
  /** 'HH:mm' */
  entrada?: string;
  saida?: string;
  /** On duty at some time between these ('HH:mm'). */
  intervaloInicio?: string;
  intervaloFim?: string;
}

function filtered<O>(
  query: SelectQueryBuilder<Database, 'schedules' | 'users', O>,
  filter: ScheduleFilter,
) {
  let q = query.where('schedules.system_id', '=', filter.systemId);
  if (filter.usuarioId !== undefined) q = q.where('schedules.user_id', '=', filter.usuarioId);
  if (filter.diaSemana !== undefined) q = q.where('schedules.dia_semana', '=', filter.diaSemana);
  if (filter.entrada !== undefined) q = q.where('schedules.entrada', '=', filter.entrada);
  if (filter.saida !== undefined) q = q.where('schedules.saida', '=', filter.saida);
  // 'HH:mm' texts order as times.
  if (filter.intervaloFim !== undefined) {
    q = q.where('schedules.entrada', '<=', filter.intervaloFim);
  }
  if (filter.intervaloInicio !== undefined) {
    q = q.where('schedules.saida', '>=', filter.intervaloInicio);
  }
  return q;
}

const base = (db: Db) =>
  db.selectFrom('schedules').innerJoin('users', 'users.id', 'schedules.user_id');

export async function countSchedules(db: Db, filter: ScheduleFilter): Promise<number> {
  const row = await filtered(
    base(db).select((eb) => eb.fn.countAll<number>().as('n')),
    filter,
  ).executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** A page by user name, weekday and entry time. */
export async function searchSchedules(
  db: Db,
  filter: ScheduleFilter,
  page: { offset: number; limit: number },
): Promise<Schedule[]> {
  return filtered(
    base(db).select([
      'schedules.id as id',
      'schedules.user_id as usuario_id',
      'users.nome as usuarioNome',
      'users.login as usuarioLogin',
      'schedules.dia_semana as dia_semana',
      'schedules.entrada as entrada',
      'schedules.saida as saida',
    ]),
    filter,
  )
    .orderBy('users.nome')
    .orderBy('schedules.dia_semana')
    .orderBy('schedules.entrada')
    .orderBy('schedules.id')
    .offset(page.offset)
    .limit(page.limit)
    .execute();
}

/** The system of an escala, or undefined when there is none. */
export async function scheduleSystem(db: Db, id: number): Promise<number | null | undefined> {
  const row = await db
    .selectFrom('schedules')
    .select('system_id')
    .where('id', '=', id)
    .executeTakeFirst();
  return row ? row.system_id : undefined;
}

/** Administrators linked to the system (spec 001 §6: the schedule form lists them). */
export async function listAdministrators(db: Db, systemId: number): Promise<ScheduleAdmin[]> {
  return db
    .selectFrom('users')
    .innerJoin('user_systems', 'user_systems.user_id', 'users.id')
    .select(['users.id as id', 'users.nome as nome', 'users.login as login'])
    .where('user_systems.system_id', '=', systemId)
    .where('users.administrator', '=', 1)
    .where('users.blocked', '=', 0)
    .orderBy('users.nome')
    .orderBy('users.id')
    .execute();
}

/** Whether every user id is linked to the system. */
export async function usersInSystem(
  db: Db,
  systemId: number,
  userIds: readonly number[],
): Promise<boolean> {
  const unique = [...new Set(userIds)];
  if (unique.length === 0) return true;
  const rows = await db
    .selectFrom('user_systems')
    .select('user_id')
    .where('system_id', '=', systemId)
    .where('user_id', 'in', unique)
    .execute();
  return rows.length === unique.length;
}

export interface ScheduleValues {
  usuario_id: number;
  dia_semana: number;
  entrada: string;
  saida: string;
}

/** Inserts every escala in one transaction; their ids in order. */
export async function createSchedules(
  db: Db,
  systemId: number,
  escalas: readonly ScheduleValues[],
  now: number,
): Promise<number[]> {
  return db.transaction().execute(async (trx) => {
    const ids: number[] = [];
    for (const e of escalas) {
      const row = await trx
        .insertInto('schedules')
        .values({
          user_id: e.usuario_id,
          system_id: systemId,
          dia_semana: e.dia_semana,
          entrada: e.entrada,
          saida: e.saida,
          created_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      ids.push(Number(row.id));
    }
    return ids;
  });
}

export async function updateSchedule(db: Db, id: number, values: ScheduleValues): Promise<void> {
  await db
    .updateTable('schedules')
    .set({
      user_id: values.usuario_id,
      dia_semana: values.dia_semana,
      entrada: values.entrada,
      saida: values.saida,
    })
    .where('id', '=', id)
    .execute();
}

export async function deleteSchedule(db: Db, id: number): Promise<void> {
  await db.deleteFrom('schedules').where('id', '=', id).execute();
}
