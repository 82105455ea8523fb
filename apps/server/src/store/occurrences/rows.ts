import type { OccurrenceRow } from '@vigia/contract';
import { alarmState } from '@vigia/domain';
import type { Kysely } from 'kysely';
import type { Database } from '../schema.js';

/** Wire time: null stays null, anything else an integer. */
const time = (value: number | null) => (value === null ? null : Number(value));

/**
 * `valorFalha` as a fraction of the threshold the rule compares it with (the
 * console shows it ×100 with the 'percentage' filter); null without a threshold.
 */
export function failurePercent(
  valorFalha: number | null,
  ruleKind: string | null,
  limit: number | null,
): number | null {
  if (valorFalha === null || ruleKind !== 'threshold' || limit === null || limit === 0) return null;
  const ratio = valorFalha / limit;
  return Number.isFinite(ratio) ? Math.round(ratio * 1e4) / 1e4 : null;
}

/** The rows of `ids` (all of them the caller's), in the order of `ids`. */
export async function loadOccurrenceRows(
  db: Kysely<Database>,
  ids: readonly number[],
): Promise<OccurrenceRow[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('occurrences as o')
    .innerJoin('devices as d', 'd.id', 'o.device_id')
    .leftJoin('users as u', 'u.id', 'o.ack_user_id')
    .leftJoin('alarm_rules as r', 'r.id', 'o.rule_id')
    .select([
      'o.id',
      'o.critico',
      'o.site_id',
      'o.device_id',
      'o.system_id',
      'o.is_evt',
      'o.hora_ativacao',
      'o.hora_desativacao',
      'o.hora_ack',
      'o.nome_alarme',
      'o.valor_falha',
      'o.repeat_count',
      'u.login as ack_login',
      'u.nome as ack_nome',
      'r.kind as rule_kind',
      'r.limit_value as rule_limit',
      'd.patrimonio',
      'd.local_nome',
      'd.uf',
    ])
    .where('o.id', 'in', ids)
    .execute();
  const byId = new Map(rows.map((row) => [Number(row.id), row]));
  const out: OccurrenceRow[] = [];
  for (const id of ids) {
    const row = byId.get(id);
    if (!row) continue; // deleted between the two queries
    const horaDesativacao = time(row.hora_desativacao);
    const horaAck = time(row.hora_ack);
    const isEvt = row.is_evt === 1;
    out.push({
      id,
      critico: row.critico,
      idSite: row.site_id,
      idDispositivo: row.device_id,
      idSistema: row.system_id,
      isEvt,
      horaAtivacao: Number(row.hora_ativacao),
      horaDesativacao,
      horaAck,
      nomeAlarme: row.nome_alarme,
      valorFalha: row.valor_falha,
      percent: failurePercent(row.valor_falha, row.rule_kind, row.rule_limit),
      ackUsuario:
        row.ack_login !== null && row.ack_nome !== null
          ? { login: row.ack_login, nome: row.ack_nome }
          : null,
      patrimonio: row.patrimonio,
      localNome: row.local_nome,
      uf: row.uf,
      estado: alarmState({ isEvt, horaDesativacao, horaAck }),
      repeticoes: Number(row.repeat_count),
    });
  }
  return out;
}
