import { describe, expect, it } from 'vitest';
import { MESSAGES } from './messages.js';
import {
  fuelConfigSaveEnabled,
  fuelEntrySubmitEnabled,
  MAX_PERIOD_DAYS,
  PASSWORD_CONFIRMATION_KEY,
  parseTimeOfDay,
  passwordConfirmationValid,
  validateCommandSelection,
  validateCommentDeletion,
  validateNewPassword,
  validatePeriod,
  validatePeriodSec,
  validateReason,
  validateScheduleCreate,
  validateScheduleEdit,
  validateScheduleRemoval,
} from './validation.js';

/** Wall-clock time in São Paulo (UTC-3 since 2019) as epoch ms. */
const sp = (y: number, m: number, d: number, h = 0, mi = 0, s = 0) =>
  Date.UTC(y, m - 1, d, h + 3, mi, s);

describe('validatePeriod', () => {
  it.each([
    [
      "end before start gives 'Data Final menor que Data Inicial.'",
      sp(2024, 3, 10),
      sp(2024, 3, 9),
      {},
      MESSAGES.endBeforeStart,
    ],
    ['the same instant is valid', sp(2024, 3, 10, 8), sp(2024, 3, 10, 8), {}, null],
    [
      '31 calendar days (1 Jan 00:00 to 31 Jan 23:59:59) is valid',
      sp(2024, 1, 1),
      sp(2024, 1, 31, 23, 59, 59),
      {},
      null,
    ],
    [
      "32 calendar days gives 'Por favor, selecione um periodo menor que 31 dias.'",
      sp(2024, 1, 1),
      sp(2024, 2, 1),
      {},
      MESSAGES.periodTooLong,
    ],
    [
      'days are counted in America/Sao_Paulo, not UTC',
      sp(2023, 12, 31, 22),
      sp(2024, 1, 31, 20),
      {},
      MESSAGES.periodTooLong,
    ],
    [
      'a few hours crossing midnight are 2 days and valid',
      sp(2024, 1, 31, 23),
      sp(2024, 2, 1, 1),
      {},
      null,
    ],
    [
      'It does not apply to monthly grouping',
      sp(2024, 1, 1),
      sp(2024, 12, 31),
      { monthly: true },
      null,
    ],
    [
      'monthly grouping still rejects end before start',
      sp(2024, 2, 1),
      sp(2024, 1, 1),
      { monthly: true },
      MESSAGES.endBeforeStart,
    ],
    ['a missing date is an invalid period', Number.NaN, sp(2024, 1, 1), {}, MESSAGES.invalidPeriod],
  ])('%s', (_name, start, end, opts, expected) => {
    expect(validatePeriod(start, end, opts)).toBe(expected);
  });

  it('validatePeriodSec takes epoch seconds', () => {
    expect(validatePeriodSec(sp(2024, 1, 1) / 1000, sp(2024, 2, 1) / 1000)).toBe(
      MESSAGES.periodTooLong,
    );
    expect(validatePeriodSec(sp(2024, 1, 1) / 1000, sp(2024, 1, 2) / 1000)).toBeNull();
    expect(MAX_PERIOD_DAYS).toBe(31);
  });
});

describe("password confirmation: valid only if its value equals the designated other field (validity key 'password')", () => {
  it.each([
    ['abc123', 'abc123', true],
    ['abc123', 'abc124', false],
    ['', '', true],
    [null, '', true],
    ['x', undefined, false],
  ])('%s vs %s → %s', (value, other, expected) => {
    expect(passwordConfirmationValid(value, other)).toBe(expected);
  });

  it("the validity key is 'password'", () => {
    expect(PASSWORD_CONFIRMATION_KEY).toBe('password');
  });

  it.each([
    ['short', 'short', MESSAGES.passwordTooShort],
    ['longenough1', 'longenough2', MESSAGES.passwordMismatch],
    ['longenough1', 'longenough1', null],
  ])('new password %s / %s → %s', (pw, confirmation, expected) => {
    expect(validateNewPassword(pw, confirmation)).toBe(expected);
  });
});

describe('parseTimeOfDay', () => {
  it.each([
    ['08:00', 28_800],
    ['23:59:59', 86_399],
    [' 7:00', null],
    ['24:00', null],
    ['ab', null],
    [null, null],
  ])('%s → %s', (text, expected) => {
    expect(parseTimeOfDay(text)).toBe(expected);
  });
});

describe('schedule create: entry, exit and user required and at least one weekday (only Monday to Friday checked)', () => {
  const ok = { usuarioId: 7, entrada: '08:00', saida: '17:00', diasSemana: [0, 2] };
  it.each([
    ['a complete schedule is valid', ok, null],
    [
      "no user gives 'Todos os campos devem ser preenchidos.'",
      { ...ok, usuarioId: null },
      MESSAGES.scheduleFieldsRequired,
    ],
    ['no entry', { ...ok, entrada: '' }, MESSAGES.scheduleFieldsRequired],
    ['no exit', { ...ok, saida: undefined }, MESSAGES.scheduleFieldsRequired],
    ['no weekday', { ...ok, diasSemana: [] }, MESSAGES.scheduleFieldsRequired],
    [
      'weekdays missing',
      { usuarioId: 7, entrada: '08:00', saida: '17:00' },
      MESSAGES.scheduleFieldsRequired,
    ],
    [
      'only Saturday and Sunday (not checked) is not enough',
      { ...ok, diasSemana: [5, 6] },
      MESSAGES.scheduleFieldsRequired,
    ],
    ['Friday alone is enough', { ...ok, diasSemana: [4] }, null],
    [
      "exit not after entry gives 'Horario de entrada e saída incompatíveis.'",
      { ...ok, saida: '08:00' },
      MESSAGES.scheduleTimesIncompatible,
    ],
    [
      'exit before entry',
      { ...ok, entrada: '22:00', saida: '06:00' },
      MESSAGES.scheduleTimesIncompatible,
    ],
    [
      'an unreadable time counts as not filled',
      { ...ok, entrada: '8h' },
      MESSAGES.scheduleFieldsRequired,
    ],
  ])('%s', (_name, input, expected) => {
    expect(validateScheduleCreate(input)).toBe(expected);
  });
});

describe('schedule edit: name, login, entry, exit required, same messages', () => {
  const ok = { usuarioNome: 'Ana', usuarioLogin: 'ana', entrada: '07:00', saida: '19:00' };
  it.each([
    ['a complete edit is valid', ok, null],
    ['no name', { ...ok, usuarioNome: ' ' }, MESSAGES.scheduleFieldsRequired],
    ['no login', { ...ok, usuarioLogin: null }, MESSAGES.scheduleFieldsRequired],
    ['no entry', { ...ok, entrada: null }, MESSAGES.scheduleFieldsRequired],
    ['no exit', { ...ok, saida: '' }, MESSAGES.scheduleFieldsRequired],
    ['exit not after entry', { ...ok, saida: '06:59' }, MESSAGES.scheduleTimesIncompatible],
  ])('%s', (_name, input, expected) => {
    expect(validateScheduleEdit(input)).toBe(expected);
  });
});

describe("schedule removal with no target or item: 'Problema na Remoção de usuário'", () => {
  it.each([
    [null, MESSAGES.scheduleRemoveFailed],
    [undefined, MESSAGES.scheduleRemoveFailed],
    [{}, MESSAGES.scheduleRemoveFailed],
    [{ id: null }, MESSAGES.scheduleRemoveFailed],
    [{ id: 3 }, null],
  ])('%o → %s', (target, expected) => {
    expect(validateScheduleRemoval(target)).toBe(expected);
  });
});

describe("command send: none selected gives 'Nenhum comando selecionado.'", () => {
  it.each([
    [null, MESSAGES.noCommandSelected],
    [undefined, MESSAGES.noCommandSelected],
    ['', MESSAGES.noCommandSelected],
    [0, null],
    [12, null],
  ])('%s → %s', (id, expected) => {
    expect(validateCommandSelection(id)).toBe(expected);
  });
});

describe("comment deletion without an id: 'Comentario não pode ser apagado'", () => {
  it.each([
    [null, MESSAGES.commentDeleteFailed],
    [undefined, MESSAGES.commentDeleteFailed],
    [5, null],
  ])('%s → %s', (id, expected) => {
    expect(validateCommentDeletion(id)).toBe(expected);
  });

  it.each([
    ['', MESSAGES.reasonRequired],
    [null, MESSAGES.reasonRequired],
    ['Manutenção preventiva', null],
  ])('reason %s → %s', (motivo, expected) => {
    expect(validateReason(motivo)).toBe(expected);
  });
});

describe('Fuel entry submit is enabled only if some row has a typed value and no saved consumption', () => {
  it.each([
    ['no rows', [], false],
    ['a typed value on an unsaved row', [{ combustivelTela: '120', consumoLitros: null }], true],
    ['a typed 0 counts as typed', [{ combustivelTela: 0 }], true],
    ['a typed value on a saved row', [{ combustivelTela: 120, consumoLitros: 100 }], false],
    [
      'nothing typed',
      [{ combustivelTela: '', consumoLitros: null }, { combustivelTela: null }],
      false,
    ],
    [
      'one saved, one new',
      [{ combustivelTela: 5, consumoLitros: 5 }, { combustivelTela: '7,5' }],
      true,
    ],
  ])('%s → %s', (_name, rows, expected) => {
    expect(fuelEntrySubmitEnabled(rows)).toBe(expected);
  });
});

describe('Config save enabled only if a reference value changed or the enabled flag flipped', () => {
  it.each([
    [
      'untouched',
      [{ habilitado: 1, valorReferencia: 50, checkHabilitado: true, valorReferenciaTela: 50 }],
      false,
    ],
    [
      'the reference typed as the same text',
      [{ habilitado: 0, valorReferencia: 50, checkHabilitado: false, valorReferenciaTela: '50' }],
      false,
    ],
    [
      'reference changed',
      [{ habilitado: 1, valorReferencia: 50, checkHabilitado: true, valorReferenciaTela: 60 }],
      true,
    ],
    [
      'enabled flipped on',
      [{ habilitado: 0, valorReferencia: 50, checkHabilitado: true, valorReferenciaTela: 50 }],
      true,
    ],
    [
      'enabled flipped off',
      [{ habilitado: true, valorReferencia: 50, checkHabilitado: false }],
      true,
    ],
    ['reference cleared', [{ habilitado: 1, valorReferencia: 50, valorReferenciaTela: '' }], true],
    [
      'empty stays empty',
      [{ habilitado: 1, valorReferencia: null, valorReferenciaTela: '' }],
      false,
    ],
    ['screen state not set yet', [{ habilitado: 1, valorReferencia: 50 }], false],
  ])('%s → %s', (_name, configs, expected) => {
    expect(fuelConfigSaveEnabled(configs)).toBe(expected);
  });
});
