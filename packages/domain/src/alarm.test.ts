import { describe, expect, it } from 'vitest';
import {
  ALARM_STATES,
  alarmRowStyle,
  alarmSeverity,
  alarmState,
  canAcknowledge,
  isAlarmActive,
  SEVERITY_LABEL,
  SEVERITY_TONE,
} from './alarm.js';

describe('alarmState (ISA-18.2 names)', () => {
  it.each([
    [
      'an event (isEvt true) is an event',
      { isEvt: true, horaDesativacao: null, horaAck: null },
      'event',
    ],
    [
      'an event (isEvt 1) is an event whatever its times',
      { isEvt: 1, horaDesativacao: 10, horaAck: 20 },
      'event',
    ],
    [
      'no deactivation, no acknowledgement is active-unacknowledged',
      { isEvt: false, horaDesativacao: null, horaAck: null },
      'active-unacknowledged',
    ],
    [
      'acknowledged, not deactivated is active-acknowledged',
      { isEvt: 0, horaDesativacao: null, horaAck: 1700000000 },
      'active-acknowledged',
    ],
    [
      'deactivated, not acknowledged is cleared-unacknowledged',
      { isEvt: null, horaDesativacao: 1700000000, horaAck: null },
      'cleared-unacknowledged',
    ],
    [
      'deactivated and acknowledged is normal',
      { isEvt: false, horaDesativacao: 1700000000, horaAck: 1700000100 },
      'normal',
    ],
    [
      'a time of 0 counts as no time',
      { isEvt: false, horaDesativacao: 0, horaAck: 0 },
      'active-unacknowledged',
    ],
    ['missing fields count as no time', {}, 'active-unacknowledged'],
  ] as const)('%s', (_name, input, expected) => {
    expect(alarmState(input)).toBe(expected);
  });
});

describe('alarmRowStyle (spec 001 §4 table, ARCHITECTURE.md reading)', () => {
  it.each([
    ['Event is white', 'event', '#FFFFFF', 'Evento', 'neutral'],
    [
      "Active is red #FFA8A8 'Alarme Ativo'",
      'active-unacknowledged',
      '#FFA8A8',
      'Alarme Ativo',
      'bad',
    ],
    [
      "Acknowledged, not deactivated is yellow #FFFFA8 'Alarme Reconhecido'",
      'active-acknowledged',
      '#FFFFA8',
      'Alarme Reconhecido',
      'warning',
    ],
    [
      "Deactivated, not acknowledged is green #DAF49B 'Alarme Desativado'",
      'cleared-unacknowledged',
      '#DAF49B',
      'Alarme Desativado',
      'good',
    ],
    [
      "Deactivated and acknowledged is lavender #E4E6F8 'Alarme Desativado e Reconhecido'",
      'normal',
      '#E4E6F8',
      'Alarme Desativado e Reconhecido',
      'info',
    ],
  ] as const)('%s', (_name, state, color, label, tone) => {
    expect(alarmRowStyle(state)).toEqual({ color, label, tone });
  });

  it('every state has a style', () => {
    for (const state of ALARM_STATES) expect(alarmRowStyle(state).color).toMatch(/^#[0-9A-F]{6}$/);
  });
});

describe('alarm acknowledgement and activity', () => {
  it.each([
    [{ isEvt: false, horaDesativacao: null, horaAck: null }, true],
    [{ isEvt: false, horaDesativacao: 5, horaAck: null }, true],
    [{ isEvt: false, horaDesativacao: null, horaAck: 5 }, false],
    [{ isEvt: false, horaDesativacao: 5, horaAck: 6 }, false],
    [{ isEvt: true, horaDesativacao: null, horaAck: null }, false],
  ])('canAcknowledge(%o) is %s', (input, expected) => {
    expect(canAcknowledge(input)).toBe(expected);
  });

  it.each([
    ['active-unacknowledged', true],
    ['active-acknowledged', true],
    ['cleared-unacknowledged', false],
    ['normal', false],
    ['event', false],
  ] as const)('%s is active: %s', (state, expected) => {
    expect(isAlarmActive(state)).toBe(expected);
  });
});

describe('alarmSeverity: alarm rows in simple lists are critical when critico is at least 17', () => {
  it.each([
    [17, 'critical'],
    [18, 'critical'],
    [100, 'critical'],
    [16, 'attention'],
    [0, 'attention'],
  ] as const)('critico %d is %s', (critico, expected) => {
    expect(alarmSeverity(critico)).toBe(expected);
  });

  it("labels are 'Crítico' and 'Atenção'", () => {
    expect(SEVERITY_LABEL).toEqual({ critical: 'Crítico', attention: 'Atenção' });
    expect(SEVERITY_TONE).toEqual({ critical: 'bad', attention: 'warning' });
  });
});
