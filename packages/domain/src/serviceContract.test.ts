import { describe, expect, it } from 'vitest';
import { MESSAGES } from './messages.js';
import {
  CONTRACT_STATUS_LABEL,
  CONTRACT_STATUS_TONE,
  contractStatus,
  contractStatusBounds,
  formatContractDay,
  validateContract,
} from './serviceContract.js';

// 13 March 2024, 10:00 in São Paulo: the due-soon limit is 12 April.
const NOW = new Date(Date.UTC(2024, 2, 13, 13));
const BOUNDS = contractStatusBounds(NOW);

describe('contract status follows from the dates and today (São Paulo day)', () => {
  it('bounds: today and today + 30 days', () => {
    expect(BOUNDS).toEqual({ today: '2024-03-13', dueLimit: '2024-04-12' });
  });

  it('today is the São Paulo day (23:30 local on the 13th is 02:30 UTC on the 14th)', () => {
    expect(contractStatusBounds(new Date(Date.UTC(2024, 2, 14, 2, 30))).today).toBe('2024-03-13');
  });

  it.each([
    ['ended yesterday', '2023-01-01', '2024-03-12', 'vencido', 'Vencido', 'bad'],
    [
      'ends today: still running, due soon',
      '2023-01-01',
      '2024-03-13',
      'aVencer',
      'A vencer',
      'warning',
    ],
    ['ends on the 30th day', '2023-01-01', '2024-04-12', 'aVencer', 'A vencer', 'warning'],
    ['ends on the 31st day', '2023-01-01', '2024-04-13', 'vigente', 'Vigente', 'good'],
    ['starts today', '2024-03-13', '2025-03-12', 'vigente', 'Vigente', 'good'],
    ['one day long, today', '2024-03-13', '2024-03-13', 'aVencer', 'A vencer', 'warning'],
    ['starts tomorrow', '2024-03-14', '2025-03-13', 'futuro', 'Futuro', 'info'],
    [
      'starts tomorrow and ends soon: still future',
      '2024-03-14',
      '2024-03-20',
      'futuro',
      'Futuro',
      'info',
    ],
    ['across a leap day', '2024-02-29', '2024-02-29', 'vencido', 'Vencido', 'bad'],
  ] as const)('%s → %s', (_name, inicio, fim, status, label, tone) => {
    const s = contractStatus({ inicio, fim }, BOUNDS);
    expect(s).toBe(status);
    expect(CONTRACT_STATUS_LABEL[s]).toBe(label);
    expect(CONTRACT_STATUS_TONE[s]).toBe(tone);
  });
});

describe('a contract as typed: the first problem in pt-BR', () => {
  const ok = {
    numero: 'CT-1',
    cliente: 'Arena Guanabara Eventos',
    inicio: '2024-01-01',
    fim: '2024-12-31',
    dispositivoIds: [1],
  };
  it.each([
    ['complete', {}, null],
    ['no number', { numero: '  ' }, MESSAGES.contractNumberRequired],
    ['no customer', { cliente: '' }, MESSAGES.contractCustomerRequired],
    ['no start', { inicio: '' }, MESSAGES.contractDatesRequired],
    ['a date that does not exist', { fim: '2023-02-29' }, MESSAGES.contractDatesRequired],
    ['a date in another format', { inicio: '01/01/2024' }, MESSAGES.contractDatesRequired],
    ['end before start', { fim: '2023-12-31' }, 'Data Final menor que Data Inicial.'],
    ['end on the start day', { fim: '2024-01-01' }, null],
    ['no device', { dispositivoIds: [] }, MESSAGES.contractDevicesRequired],
  ] as const)('%s', (_name, change, expected) => {
    expect(validateContract({ ...ok, ...change })).toBe(expected);
  });
});

describe('a contract day as shown: dd/MM/yyyy', () => {
  it.each([
    ['2024-03-01', '01/03/2024'],
    ['2024-12-31', '31/12/2024'],
    ['2023-02-29', '---'],
    ['', '---'],
    [null, '---'],
  ])('%s → %s', (day, shown) => {
    expect(formatContractDay(day)).toBe(shown);
  });
});
