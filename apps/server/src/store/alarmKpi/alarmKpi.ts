import type {
  AlarmKpi,
  AlarmKpiChattering,
  AlarmKpiStale,
  AlarmKpiSystem,
  AlarmKpiTop,
} from '@vigia/contract';
import {
  ALARM_CRITICAL_MIN,
  ALARM_KPI,
  brasiliaOffsetSec,
  kpiWindowCount,
  ratePer,
} from '@vigia/domain';
import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { Database } from '../schema.js';

export interface AlarmKpiInput {
  /** The systems in scope (already checked against the caller's). */
  systemIds: readonly number[];
  /** 0 for all the caller's systems, as asked. */
  sisid: number;
  inicio: number;
  fim: number;
  /** Wall clock, epoch seconds: the period is measured up to it. */
  now: number;
}

const num = (value: unknown): number => Number(value ?? 0);

/**
 * Every raise of an alarm in the period: the occurrence's activation, and each
 * re-raise the engine folded into it (a chattering alarm, audited
 * 'occurrence.repeat' at its time). Events are records, not alarms.
 */
function raises(systemIds: readonly number[], from: number, to: number): RawBuilder<unknown> {
  const ids = sql.join(systemIds.map((id) => sql.lit(id)));
  return sql`
    select o.system_id, o.device_id, o.rule_id, o.nome_alarme, o.critico, o.hora_ativacao as ts
    from occurrences o
    where o.system_id in (${ids}) and o.is_evt = 0
      and o.hora_ativacao >= ${from} and o.hora_ativacao <= ${to}
    union all
    select o.system_id, o.device_id, o.rule_id, o.nome_alarme, o.critico, a.ts
    from audit_log a
    inner join occurrences o on o.id = cast(a.entity_id as integer)
    where a.action = 'occurrence.repeat' and a.entity = 'occurrence'
      and a.ts >= ${from} and a.ts <= ${to}
      and o.system_id in (${ids}) and o.is_evt = 0`;
}

/**
 * The alarm KPIs of a scope and period (README.md): every figure is an SQL
 * aggregate over the period's raises, on SQLite and PostgreSQL alike; only the
 * ratios and rates are divided here.
 */
export async function alarmKpis(db: Kysely<Database>, input: AlarmKpiInput): Promise<AlarmKpi> {
  const { systemIds, inicio, fim } = input;
  // Time after now has no alarms yet: rates and windows are measured up to now.
  const referencia = Math.max(inicio, Math.min(fim, Math.floor(input.now)));
  const janelas = kpiWindowCount(inicio, referencia);
  const empty: AlarmKpi = {
    sisid: input.sisid,
    inicio,
    fim,
    referencia,
    total: 0,
    janelas,
    por10min: { media: 0, pico: 0, referencia: ALARM_KPI.guidancePer10Min },
    porDia: { media: 0, pico: 0, referencia: ALARM_KPI.guidancePerDay },
    inundacao: { janelas: 0, fracao: 0, limite: ALARM_KPI.floodAbove },
    linhaDoTempo: [],
    top10: [],
    fracaoTop10: 0,
    oscilantes: [],
    obsoletos: { total: 0, lista: [] },
    prioridade: { criticos: 0, naoCriticos: 0 },
    sistemas: [],
  };
  if (systemIds.length === 0) return empty;

  const r = raises(systemIds, inicio, referencia);
  const W = ALARM_KPI.windowSec;
  const day = 86_400;
  const dayOffset = brasiliaOffsetSec(inicio);

  const [summary, windows, windowPeaks, dayPeak, top, chattering, systems, stale] =
    await Promise.all([
      sql<{ total: number; criticos: number }>`
        with r as (${r})
        select count(*) as total,
          coalesce(sum(case when critico >= ${ALARM_CRITICAL_MIN} then 1 else 0 end), 0) as criticos
        from r`.execute(db),
      sql<{ w: number; total: number }>`
        with r as (${r})
        select w, count(*) as total from (select ts / ${sql.lit(W)} as w from r) x
        group by w order by w`.execute(db),
      sql<{ pico: number; inundadas: number }>`
        with r as (${r})
        select coalesce(max(n), 0) as pico,
          coalesce(sum(case when n > ${sql.lit(ALARM_KPI.floodAbove)} then 1 else 0 end), 0) as inundadas
        from (select count(*) as n from (select ts / ${sql.lit(W)} as w from r) x group by w) y`.execute(
        db,
      ),
      sql<{ pico: number }>`
        with r as (${r})
        select coalesce(max(n), 0) as pico
        from (select count(*) as n from (select (ts + ${sql.lit(dayOffset)}) / ${sql.lit(day)} as d from r) x
          group by d) y`.execute(db),
      sql<{
        device_id: number;
        nome_alarme: string;
        total: number;
        system_id: number;
        nome: string;
        patrimonio: string;
      }>`
        with r as (${r})
        select t.device_id, t.nome_alarme, t.total, d.system_id, d.nome, d.patrimonio
        from (select device_id, nome_alarme, count(*) as total from r
          group by device_id, nome_alarme
          order by total desc, device_id, nome_alarme
          limit ${sql.lit(ALARM_KPI.topCount)}) t
        inner join devices d on d.id = t.device_id
        order by t.total desc, t.device_id, t.nome_alarme`.execute(db),
      sql<{
        device_id: number;
        nome_alarme: string;
        total: number;
        pico: number;
        system_id: number;
        nome: string;
        patrimonio: string;
      }>`
        with r as (${r})
        select c.device_id, c.nome_alarme, c.total, c.pico, d.system_id, d.nome, d.patrimonio
        from (select device_id, rule_id, nome_alarme, count(*) as total, max(n) as pico
          from (select device_id, rule_id, nome_alarme,
              count(*) over (partition by device_id, rule_id, nome_alarme order by ts
                range between ${sql.lit(ALARM_KPI.chatteringWindowSec)} preceding and current row) as n
            from r) w
          group by device_id, rule_id, nome_alarme
          having max(n) >= ${sql.lit(ALARM_KPI.chatteringRaises)}) c
        inner join devices d on d.id = c.device_id
        order by c.pico desc, c.total desc, c.device_id, c.nome_alarme
        limit ${sql.lit(ALARM_KPI.maxListed)}`.execute(db),
      sql<{ id: number; nome: string; total: number; pico: number; inundadas: number }>`
        with r as (${r})
        select s.id, s.nome, coalesce(x.total, 0) as total, coalesce(x.pico, 0) as pico,
          coalesce(x.inundadas, 0) as inundadas
        from systems s
        left join (select system_id, sum(n) as total, max(n) as pico,
            sum(case when n > ${sql.lit(ALARM_KPI.floodAbove)} then 1 else 0 end) as inundadas
          from (select system_id, w, count(*) as n
            from (select system_id, ts / ${sql.lit(W)} as w from r) x group by system_id, w) y
          group by system_id) x on x.system_id = s.id
        where s.id in (${sql.join(systemIds.map((id) => sql.lit(id)))})
        order by total desc, s.id`.execute(db),
      staleAlarms(db, systemIds, referencia),
    ]);

  const total = num(summary.rows[0]?.total);
  const criticos = num(summary.rows[0]?.criticos);
  const top10: AlarmKpiTop[] = top.rows.map((row) => ({
    idDispositivo: num(row.device_id),
    idSistema: num(row.system_id),
    nomeDispositivo: row.nome,
    patrimonio: row.patrimonio,
    nomeAlarme: row.nome_alarme,
    total: num(row.total),
    fracao: total > 0 ? num(row.total) / total : 0,
  }));
  const oscilantes: AlarmKpiChattering[] = chattering.rows.map((row) => ({
    idDispositivo: num(row.device_id),
    idSistema: num(row.system_id),
    nomeDispositivo: row.nome,
    patrimonio: row.patrimonio,
    nomeAlarme: row.nome_alarme,
    total: num(row.total),
    picoEm60s: num(row.pico),
  }));
  const sistemas: AlarmKpiSystem[] = systems.rows.map((row) => ({
    idSistema: num(row.id),
    nome: row.nome,
    total: num(row.total),
    mediaPor10min: ratePer(num(row.total), inicio, referencia, W),
    picoPor10min: num(row.pico),
    janelasEmInundacao: num(row.inundadas),
  }));
  const floodWindows = num(windowPeaks.rows[0]?.inundadas);
  return {
    ...empty,
    total,
    por10min: {
      media: ratePer(total, inicio, referencia, W),
      pico: num(windowPeaks.rows[0]?.pico),
      referencia: ALARM_KPI.guidancePer10Min,
    },
    porDia: {
      media: ratePer(total, inicio, referencia, day),
      pico: num(dayPeak.rows[0]?.pico),
      referencia: ALARM_KPI.guidancePerDay,
    },
    inundacao: {
      janelas: floodWindows,
      fracao: janelas > 0 ? floodWindows / janelas : 0,
      limite: ALARM_KPI.floodAbove,
    },
    linhaDoTempo: windows.rows.map((row) => ({ inicio: num(row.w) * W, total: num(row.total) })),
    top10,
    fracaoTop10: total > 0 ? top10.reduce((sum, t) => sum + t.total, 0) / total : 0,
    oscilantes,
    obsoletos: stale,
    prioridade: { criticos, naoCriticos: total - criticos },
    sistemas,
  };
}

/**
 * Alarms active for more than 24 h at `ref` (raised before `ref − 24 h`, not
 * cleared by `ref`), whenever they were raised: the count and the oldest ones.
 * Alarms shelved or of a device out of service are not standing in front of
 * the operator (ISA-18.2 counts them apart): left out, by their state now.
 */
async function staleAlarms(
  db: Kysely<Database>,
  systemIds: readonly number[],
  ref: number,
): Promise<{ total: number; lista: AlarmKpiStale[] }> {
  const before = ref - ALARM_KPI.staleAfterSec;
  const base = db
    .selectFrom('occurrences as o')
    .where('o.system_id', 'in', systemIds)
    .where('o.is_evt', '=', 0)
    .where('o.hora_ativacao', '<', before)
    .where((eb) =>
      eb.or([eb('o.hora_desativacao', 'is', null), eb('o.hora_desativacao', '>', ref)]),
    )
    .where('o.shelved_until', 'is', null)
    .where('o.out_of_service', '=', 0);
  const [count, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
    base
      .innerJoin('devices as d', 'd.id', 'o.device_id')
      .select([
        'o.id',
        'o.system_id',
        'o.device_id',
        'o.nome_alarme',
        'o.critico',
        'o.hora_ativacao',
        'd.nome',
        'd.patrimonio',
      ])
      .orderBy('o.hora_ativacao')
      .orderBy('o.id')
      .limit(ALARM_KPI.maxListed)
      .execute(),
  ]);
  return {
    total: num(count?.n),
    lista: rows.map((row) => ({
      id: row.id,
      idDispositivo: row.device_id,
      idSistema: row.system_id,
      nomeDispositivo: row.nome,
      patrimonio: row.patrimonio,
      nomeAlarme: row.nome_alarme,
      critico: row.critico,
      horaAtivacao: row.hora_ativacao,
      ativoHaSeg: ref - row.hora_ativacao,
    })),
  };
}
