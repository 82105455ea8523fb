import { describe, expect, it } from 'vitest';
import {
  UPS_QUADRO_LABEL,
  upsAlarms,
  upsBreakerState,
  upsModeMessages,
  upsModeStates,
  upsQuadroFlag,
} from './ups.js';

describe('UPS mode word: UPS Online Mode (bit 2), UPS Eco Mode (4), unitary or parallel-connected UPS (8)', () => {
  it.each([
    [2, ['UPS em modo online', 'UPS unitária']],
    [4, ['UPS em modo econômico', 'UPS unitária']],
    [2 + 8, ['UPS em modo online', 'UPS em paralelo']],
    [8, ['UPS em paralelo']],
    [0, ['UPS unitária']],
    [null, []],
  ])('word %s → %o', (word, expected) => {
    expect(upsModeMessages(word)).toEqual(expected);
  });
});

describe('UPS alarm word: battery end of life (2), battery test error (4), automatic test in progress (256), temperature out of tolerance (1024), fuse fault (2048)', () => {
  it.each([
    [2, ['Fim de vida útil da bateria']],
    [4, ['Erro no teste de bateria']],
    [256, ['Teste automático em andamento']],
    [1024, ['Temperatura fora da tolerância']],
    [2048, ['Falha de fusível']],
    [2 + 2048, ['Fim de vida útil da bateria', 'Falha de fusível']],
    [0, []],
    [null, []],
  ])('word %s → %o', (word, expected) => {
    expect(upsAlarms(word).map((a) => a.label)).toEqual(expected);
  });
});

describe('Closed and Open outcomes', () => {
  it.each([
    [1, 1, 'Fechado'],
    [0, 1, 'Aberto'],
    [6, 2, 'Fechado'],
    [null, 1, null],
  ])('word %s bit %d → %s', (word, bit, expected) => {
    expect(upsBreakerState(word, bit)).toBe(expected);
  });
});

describe("Bit 2048 also yields 'yes' in the quadro word", () => {
  it.each([
    [2048, 'yes'],
    [2048 + 1, 'yes'],
    [1024, 'no'],
    [null, null],
  ])('quadro %s → %s', (word, expected) => {
    expect(upsQuadroFlag(word)).toBe(expected);
  });
  it("reads 'Sim' and 'Não' on screen", () => {
    expect(UPS_QUADRO_LABEL).toEqual({ yes: 'Sim', no: 'Não' });
  });
});

describe('upsModeStates: one tone per mode message for every screen', () => {
  it('Online Mode good, Eco Mode info, unitary or parallel neutral', () => {
    expect(upsModeStates(2)).toEqual([
      { label: 'UPS em modo online', tone: 'good' },
      { label: 'UPS unitária', tone: 'neutral' },
    ]);
    expect(upsModeStates(4 | 8)).toEqual([
      { label: 'UPS em modo econômico', tone: 'info' },
      { label: 'UPS em paralelo', tone: 'neutral' },
    ]);
  });
  it('is empty when the word never arrived', () => {
    expect(upsModeStates(null)).toEqual([]);
  });
});
