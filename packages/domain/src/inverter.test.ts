import { describe, expect, it } from 'vitest';
import {
  activeInverterStatus,
  INVERTER_STATUS_BITS,
  inverterAutomation,
  inverterAutomationTone,
  inverterDigitalInputs,
  inverterStatusFlags,
} from './inverter.js';

describe("inverter automation '1' On, '0' OFF, other FALHA", () => {
  it.each([
    ['1', 'On', 'good'],
    [1, 'On', 'good'],
    ['0', 'OFF', 'neutral'],
    [0, 'OFF', 'neutral'],
    ['2', 'FALHA', 'bad'],
    [null, 'FALHA', 'bad'],
    ['', 'FALHA', 'bad'],
  ])('%s → %s', (value, expected, tone) => {
    expect(inverterAutomation(value)).toBe(expected);
    expect(inverterAutomationTone(value)).toBe(tone);
  });
});

describe('inverter status bits: 1 compressor on, 2 zero speed, 4 reverse rotation, 8 digital input fault, 16 speed competition, 32 inverter ready, 64 alarm, 128 failure', () => {
  it.each([
    [1, 'Compressor ligado'],
    [2, 'Velocidade zero'],
    [4, 'Rotação reversa'],
    [8, 'Falha na entrada digital'],
    [16, 'Competição de velocidade'],
    [32, 'Inversor pronto'],
    [64, 'Alarme'],
    [128, 'Falha'],
  ])('bit %d is %s', (bit, label) => {
    expect(activeInverterStatus(bit).map((b) => b.label)).toEqual([label]);
  });

  it('several bits decode in bit order', () => {
    expect(activeInverterStatus(1 + 32 + 128).map((b) => b.bit)).toEqual([1, 32, 128]);
    expect(activeInverterStatus(null)).toEqual([]);
  });

  it('inverterStatusFlags lists all eight with their state', () => {
    const flags = inverterStatusFlags(64);
    expect(flags).toHaveLength(INVERTER_STATUS_BITS.length);
    expect(flags.filter((f) => f.active).map((f) => f.bit)).toEqual([64]);
  });
});

describe('Digital inputs decode bit by bit as ON or OFF for 16 bits', () => {
  it('bit 0 is input 1', () => {
    const inputs = inverterDigitalInputs(0b1000_0000_0000_0101);
    expect(inputs).toHaveLength(16);
    expect(inputs[0]).toBe('ON');
    expect(inputs[1]).toBe('OFF');
    expect(inputs[2]).toBe('ON');
    expect(inputs[15]).toBe('ON');
    expect(inputs.filter((i) => i === 'ON')).toHaveLength(3);
  });

  it('all 16 ON for 65535, all OFF for 0', () => {
    expect(inverterDigitalInputs(65535).every((i) => i === 'ON')).toBe(true);
    expect(inverterDigitalInputs(0).every((i) => i === 'OFF')).toBe(true);
  });

  it("a missing word shows '---' for each input", () => {
    expect(inverterDigitalInputs(null, 4)).toEqual(['---', '---', '---', '---']);
  });
});
