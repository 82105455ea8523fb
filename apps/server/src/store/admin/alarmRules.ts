import type { DispositivoRegras, ModeloRegras, RegraAlarme } from '@vigia/contract';
import { type AlarmRuleValues, effectiveAlarmRule } from '@vigia/domain';
import type { Kysely } from 'kysely';
import type { AlarmRule, Database } from '../schema.js';
import { auditAdmin } from './audit.js';
import { findModel } from './devices.js';

type Db = Kysely<Database>;

/** A rule's editable values; the limit of a bit rule is its mask's, never edited (null). */
const valuesOf = (r: AlarmRule): AlarmRuleValues => ({
  limite: r.kind === 'bit' || r.limit_value === null ? null : Number(r.limit_value),
  atraso: Number(r.delay_s),
  critico: r.critico,
  mensagem: r.nome_alarme,
});

const toRule = (r: AlarmRule): RegraAlarme => ({
  id: r.id,
  tipo: r.kind,
  leitura: r.tag,
  operador: r.operator,
  bit: r.bit,
  evento: r.is_event === 1,
  ...valuesOf(r),
});

function rulesOf(db: Db, templateId: number): Promise<AlarmRule[]> {
  return db
    .selectFrom('alarm_rules')
    .selectAll()
    .where('template_id', '=', templateId)
    .orderBy('id')
    .execute();
}

/** A model with its alarm rules; undefined for an unknown model. Models are shared by every system. */
export async function modelRules(db: Db, templateId: number): Promise<ModeloRegras | undefined> {
  const modelo = await findModel(db, templateId);
  if (!modelo) return undefined;
  return { modelo, regras: (await rulesOf(db, templateId)).map(toRule) };
}

export interface RuleChange extends AlarmRuleValues {
  id: number;
}

/**
 * Sets the listed rules of a model; one audit row for each rule that changed,
 * in the same transaction, naming the rule as the rules screen showed it (its
 * message before the change). 'unknownRule' (nothing written) when a rule is not the model's.
 */
export async function saveModelRules(
  db: Db,
  templateId: number,
  changes: readonly RuleChange[],
  userId: number,
): Promise<{ changed: number } | { unknownRule: number }> {
  return db.transaction().execute(async (trx) => {
    const current = new Map((await rulesOf(trx, templateId)).map((r) => [r.id, r]));
    const unknown = changes.find((c) => !current.has(c.id));
    if (unknown) return { unknownRule: unknown.id };
    let changed = 0;
    for (const c of changes) {
      const rule = current.get(c.id) as AlarmRule;
      const before = valuesOf(rule);
      const after: AlarmRuleValues = { ...c, limite: rule.kind === 'bit' ? null : c.limite };
      if (sameValues(before, after)) continue;
      await trx
        .updateTable('alarm_rules')
        .set({
          ...(rule.kind === 'bit' ? {} : { limit_value: after.limite }),
          delay_s: after.atraso,
          critico: after.critico,
          nome_alarme: after.mensagem,
        })
        .where('id', '=', rule.id)
        .execute();
      await auditAdmin(trx, {
        userId,
        action: 'admin.modelo.regras',
        entity: 'modelo',
        entityId: templateId,
        details: { regra: rule.id, regraNome: before.mensagem, antes: before, depois: after },
      });
      changed++;
    }
    return { changed };
  });
}

const sameValues = (a: AlarmRuleValues, b: AlarmRuleValues) =>
  a.limite === b.limite &&
  a.atraso === b.atraso &&
  a.critico === b.critico &&
  a.mensagem === b.mensagem;

export type RuleOverride = { [K in keyof AlarmRuleValues]: AlarmRuleValues[K] | null };

const overrideOf = (row: {
  limit_value: number | null;
  delay_s: number | null;
  critico: number | null;
  nome_alarme: string | null;
}): RuleOverride => ({
  limite: row.limit_value === null ? null : Number(row.limit_value),
  atraso: row.delay_s === null ? null : Number(row.delay_s),
  critico: row.critico,
  mensagem: row.nome_alarme,
});

async function overridesOf(db: Db, deviceId: number): Promise<Map<number, RuleOverride>> {
  const rows = await db
    .selectFrom('device_alarm_rules')
    .selectAll()
    .where('device_id', '=', deviceId)
    .execute();
  return new Map(rows.map((r) => [r.rule_id, overrideOf(r)]));
}

export interface RulesDevice {
  id: number;
  sisId: number;
  modeloId: number;
}

/** A device's rules: its model's with its overrides. The caller has checked the device's scope. */
export async function deviceRules(db: Db, device: RulesDevice): Promise<DispositivoRegras> {
  const model = await modelRules(db, device.modeloId);
  if (!model) throw new Error(`device ${device.id} has no model ${device.modeloId}`);
  const overrides = await overridesOf(db, device.id);
  return {
    dispositivo: device.id,
    sisId: device.sisId,
    modelo: model.modelo,
    regras: model.regras.map((r) => {
      const own = overrides.get(r.id) ?? {
        limite: null,
        atraso: null,
        critico: null,
        mensagem: null,
      };
      const modelValues = {
        limite: r.limite,
        atraso: r.atraso,
        critico: r.critico,
        mensagem: r.mensagem,
      };
      return {
        ...r,
        ...effectiveAlarmRule(modelValues, own),
        modelo: modelValues,
        sobreposicao: own,
      };
    }),
  };
}

const isEmpty = (o: RuleOverride) =>
  o.limite === null && o.atraso === null && o.critico === null && o.mensagem === null;
const sameOverride = (a: RuleOverride, b: RuleOverride) =>
  a.limite === b.limite &&
  a.atraso === b.atraso &&
  a.critico === b.critico &&
  a.mensagem === b.mensagem;

/**
 * Replaces a device's overrides (a rule absent or all null follows its model);
 * one audit row, with the device and its system, for each rule whose override
 * changed, naming the rule as the device's rules screen showed it (its own
 * message before the change, or its model's). 'unknownRule' (nothing written)
 * for a rule not of the device's model.
 */
export async function saveDeviceRules(
  db: Db,
  device: RulesDevice,
  overrides: ReadonlyMap<number, RuleOverride>,
  userId: number,
): Promise<{ changed: number } | { unknownRule: number }> {
  return db.transaction().execute(async (trx) => {
    const rules = new Map((await rulesOf(trx, device.modeloId)).map((r) => [r.id, r]));
    for (const id of overrides.keys()) if (!rules.has(id)) return { unknownRule: id };
    const before = await overridesOf(trx, device.id);
    const none: RuleOverride = { limite: null, atraso: null, critico: null, mensagem: null };
    let changed = 0;
    for (const [id, rule] of rules) {
      const was = before.get(id) ?? none;
      const now = overrides.get(id) ?? none;
      if (sameOverride(was, now)) continue;
      await trx
        .deleteFrom('device_alarm_rules')
        .where('device_id', '=', device.id)
        .where('rule_id', '=', id)
        .execute();
      if (!isEmpty(now)) {
        await trx
          .insertInto('device_alarm_rules')
          .values({
            device_id: device.id,
            rule_id: id,
            limit_value: now.limite,
            delay_s: now.atraso,
            critico: now.critico,
            nome_alarme: now.mensagem,
          })
          .execute();
      }
      await auditAdmin(trx, {
        userId,
        action: 'admin.dispositivo.regras',
        entity: 'dispositivo',
        entityId: device.id,
        details: {
          system_id: device.sisId,
          device_id: device.id,
          regra: id,
          regraNome: was.mensagem ?? rule.nome_alarme,
          antes: was,
          depois: now,
        },
      });
      changed++;
    }
    return { changed };
  });
}
