import { describe, expect, it } from 'vitest';
import { alarmRuleProblem, alarmRuleSummary, effectiveAlarmRule } from './alarmRules.js';

const ok = { limite: 80, atraso: 0, critico: 17, mensagem: 'Temperatura alta' };

describe('alarmRuleProblem: what an administrator may set on an alarm rule', () => {
  it('accepts a threshold with its limit, a delay, a criticality and a message', () => {
    expect(alarmRuleProblem('threshold', { ...ok, atraso: 30 }, 'T')).toBeNull();
  });
  it.each([
    [
      'threshold without a limit',
      'threshold',
      { ...ok, limite: null },
      'Informe o limite da regra T.',
    ],
    [
      'a delay over a day',
      'threshold',
      { ...ok, atraso: 86_401 },
      'O atraso da regra T deve ficar entre 0 e 86400 segundos.',
    ],
    [
      'a fractional delay',
      'bit',
      { ...ok, limite: null, atraso: 1.5 },
      'O atraso da regra T deve ficar entre 0 e 86400 segundos.',
    ],
    [
      'criticality 0',
      'threshold',
      { ...ok, critico: 0 },
      'A criticidade da regra T deve ser um número inteiro de 1 a 99.',
    ],
    [
      'criticality 100',
      'threshold',
      { ...ok, critico: 100 },
      'A criticidade da regra T deve ser um número inteiro de 1 a 99.',
    ],
    ['an empty message', 'threshold', { ...ok, mensagem: '  ' }, 'Informe a mensagem da regra T.'],
    ['a bit rule with a limit', 'bit', ok, 'A regra T é de bit de estado: não tem limite.'],
    [
      'a communication silence under a minute',
      'communication',
      { ...ok, limite: 59 },
      'O tempo sem comunicação da regra T deve ficar entre 60 segundos e 7 dias.',
    ],
    [
      'a communication rule with a delay',
      'communication',
      { ...ok, limite: 600, atraso: 5 },
      'A regra T é de comunicação: o atraso dela é o próprio limite.',
    ],
  ] as const)('refuses %s', (_, kind, values, message) => {
    expect(alarmRuleProblem(kind, values, 'T')).toBe(message);
  });
  it('accepts a bit rule without a limit and a communication rule of 10 minutes', () => {
    expect(alarmRuleProblem('bit', { ...ok, limite: null }, 'T')).toBeNull();
    expect(alarmRuleProblem('communication', { ...ok, limite: 600 }, 'T')).toBeNull();
  });
});

describe("effectiveAlarmRule: a device's override field wins, a null one is the model's", () => {
  it('mixes both', () => {
    expect(effectiveAlarmRule(ok, { limite: 50, mensagem: null })).toEqual({ ...ok, limite: 50 });
    expect(effectiveAlarmRule(ok, undefined)).toEqual(ok);
  });
});

describe('alarmRuleSummary: what a rule watches on the rules screen', () => {
  it.each([
    [
      { tipo: 'threshold', leitura: 'ai1', operador: '>', bit: null, evento: false },
      'Limite · ai1 >',
    ],
    [
      { tipo: 'bit', leitura: 'statusGMG', operador: null, bit: 4, evento: true },
      'Bit de estado · statusGMG (bit 4) · evento',
    ],
    [
      { tipo: 'communication', leitura: null, operador: null, bit: null, evento: false },
      'Comunicação',
    ],
  ] as const)('%o is %s', (rule, text) => {
    expect(alarmRuleSummary(rule)).toBe(text);
  });
});
