import { hasBit } from '@vigia/domain';
import type { AlarmOperator, AlarmRule, AlarmRuleKind } from '../store/schema.js';

/** An alarm rule in the shape the evaluators use. */
export interface CompiledRule {
  id: number;
  templateId: number;
  kind: AlarmRuleKind;
  tag: string | null;
  operator: AlarmOperator | null;
  limit: number;
  deadband: number;
  bit: number;
  critico: number;
  isEvent: boolean;
  nome: string;
  /** On-delay, seconds: a threshold or bit alarm opens once its condition has held this long. */
  delay: number;
}

/** A device's own values of a rule of its model; a null field is the model's. */
export interface RuleOverrideRow {
  rule_id: number;
  limit_value: number | null;
  delay_s: number | null;
  critico: number | null;
  nome_alarme: string | null;
}

/** A rule with a device's own values; a communication rule or an event keeps no delay. */
export function withOverride(rule: CompiledRule, o: RuleOverrideRow): CompiledRule {
  return {
    ...rule,
    limit: o.limit_value ?? rule.limit,
    delay: rule.kind === 'communication' || rule.isEvent ? 0 : Math.max(0, o.delay_s ?? rule.delay),
    critico: o.critico ?? rule.critico,
    nome: o.nome_alarme ?? rule.nome,
  };
}

export function compileRule(row: AlarmRule): CompiledRule {
  return {
    id: row.id,
    templateId: row.template_id,
    kind: row.kind,
    tag: row.tag,
    operator: row.operator,
    limit: row.limit_value ?? 0,
    deadband: Math.max(0, row.deadband ?? 0),
    bit: row.bit ?? 0,
    critico: row.critico,
    isEvent: row.is_event === 1,
    nome: row.nome_alarme,
    // Communication rules wait by their limit; events are records of a moment.
    delay: row.kind === 'communication' || row.is_event === 1 ? 0 : Math.max(0, row.delay_s ?? 0),
  };
}

/**
 * Whether a threshold or bit rule's condition holds for `value`. A threshold
 * alarm that is already active stays active until the value is back inside by
 * the rule's deadband (hysteresis, so a value hovering at the limit does not
 * flood the operator). Communication rules are evaluated by the sweep.
 */
export function conditionHolds(rule: CompiledRule, value: number, wasActive: boolean): boolean {
  if (rule.kind === 'bit') return rule.bit !== 0 && hasBit(value, rule.bit);
  if (rule.kind !== 'threshold' || rule.operator === null) return false;
  const band = wasActive ? rule.deadband : 0;
  switch (rule.operator) {
    case '>':
      return value > rule.limit - band;
    case '>=':
      return value >= rule.limit - band;
    case '<':
      return value < rule.limit + band;
    case '<=':
      return value <= rule.limit + band;
    case '==':
      return value === rule.limit;
    case '!=':
      return value !== rule.limit;
  }
}
