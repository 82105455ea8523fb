/**
 * Alarm rules as administrators edit them (issue 28): a model's rules, and a
 * device's overrides of them. A threshold rule's limit is the value it compares
 * with; a communication rule's is the silence, in seconds, that raises it; a bit
 * rule's mask is the model's and is not edited. The delay (on-delay, ISA-18.2)
 * is how long a threshold or bit alarm's condition must hold before it opens.
 */
export type AlarmRuleKind = 'threshold' | 'bit' | 'communication';

export const ALARM_RULE_KIND_LABELS: Readonly<Record<AlarmRuleKind, string>> = {
  threshold: 'Limite',
  bit: 'Bit de estado',
  communication: 'Comunicação',
};

export const ALARM_RULE_BOUNDS = {
  /** On-delay, seconds: at most a day. */
  maxDelaySeconds: 86_400,
  /** A communication rule's silence, seconds: a minute to a week. */
  minSilenceSeconds: 60,
  maxSilenceSeconds: 7 * 86_400,
  criticoMin: 1,
  criticoMax: 99,
  messageMax: 120,
} as const;

export const ALARM_RULE_MESSAGES = {
  limitRequired: 'Informe o limite da regra {nome}.',
  silenceRange: 'O tempo sem comunicação da regra {nome} deve ficar entre 60 segundos e 7 dias.',
  bitHasNoLimit: 'A regra {nome} é de bit de estado: não tem limite.',
  delayRange: 'O atraso da regra {nome} deve ficar entre 0 e 86400 segundos.',
  delayNotApplicable: 'A regra {nome} é de comunicação: o atraso dela é o próprio limite.',
  criticoRange: 'A criticidade da regra {nome} deve ser um número inteiro de 1 a 99.',
  messageRequired: 'Informe a mensagem da regra {nome}.',
  messageTooLong: 'A mensagem da regra {nome} deve ter até 120 caracteres.',
  unknownRule: 'A regra {id} não é deste modelo.',
  repeatedRule: 'A regra {id} aparece mais de uma vez.',
  saved: 'Regras de alarme salvas. Valem para a próxima leitura.',
} as const;

/** What a rule watches, as the rules screen names it: 'Limite · ai1 >', 'Bit de estado · statusGMG (bit 4)'. */
export function alarmRuleSummary(rule: {
  tipo: AlarmRuleKind;
  leitura: string | null;
  operador: string | null;
  bit: number | null;
  evento: boolean;
}): string {
  const watched =
    rule.tipo === 'bit'
      ? `${rule.leitura ?? ''} (bit ${rule.bit ?? 0})`
      : [rule.leitura, rule.operador].filter(Boolean).join(' ');
  const text = watched
    ? `${ALARM_RULE_KIND_LABELS[rule.tipo]} · ${watched}`
    : ALARM_RULE_KIND_LABELS[rule.tipo];
  return rule.evento ? `${text} · evento` : text;
}

/** What an administrator sets on a rule (a device's override leaves a field null: the model's). */
export interface AlarmRuleValues {
  limite: number | null;
  atraso: number;
  critico: number;
  mensagem: string;
}

const fill = (text: string, nome: string) => text.replace('{nome}', nome);
const isIntegerIn = (value: number, min: number, max: number) =>
  Number.isInteger(value) && value >= min && value <= max;

/**
 * The first thing wrong with a rule's values (pt-BR), or null. `nome` names the
 * rule in the message (its current message, as the screen lists it).
 */
export function alarmRuleProblem(
  kind: AlarmRuleKind,
  values: AlarmRuleValues,
  nome: string,
): string | null {
  const b = ALARM_RULE_BOUNDS;
  if (kind === 'threshold' && (values.limite === null || !Number.isFinite(values.limite))) {
    return fill(ALARM_RULE_MESSAGES.limitRequired, nome);
  }
  if (
    kind === 'communication' &&
    (values.limite === null ||
      !isIntegerIn(values.limite, b.minSilenceSeconds, b.maxSilenceSeconds))
  ) {
    return fill(ALARM_RULE_MESSAGES.silenceRange, nome);
  }
  if (kind === 'bit' && values.limite !== null)
    return fill(ALARM_RULE_MESSAGES.bitHasNoLimit, nome);
  if (!isIntegerIn(values.atraso, 0, b.maxDelaySeconds)) {
    return fill(ALARM_RULE_MESSAGES.delayRange, nome);
  }
  if (kind === 'communication' && values.atraso !== 0) {
    return fill(ALARM_RULE_MESSAGES.delayNotApplicable, nome);
  }
  if (!isIntegerIn(values.critico, b.criticoMin, b.criticoMax)) {
    return fill(ALARM_RULE_MESSAGES.criticoRange, nome);
  }
  const message = values.mensagem.trim();
  if (message === '') return fill(ALARM_RULE_MESSAGES.messageRequired, nome);
  if (message.length > b.messageMax) return fill(ALARM_RULE_MESSAGES.messageTooLong, nome);
  return null;
}

/** A device's rule: each field its override when it has one, else the model's. */
export function effectiveAlarmRule(
  model: AlarmRuleValues,
  override: { [K in keyof AlarmRuleValues]?: AlarmRuleValues[K] | null } | undefined,
): AlarmRuleValues {
  return {
    limite: override?.limite ?? model.limite,
    atraso: override?.atraso ?? model.atraso,
    critico: override?.critico ?? model.critico,
    mensagem: override?.mensagem ?? model.mensagem,
  };
}
