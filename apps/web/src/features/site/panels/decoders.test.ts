import { describe, expect, it } from 'vitest';
import { decodeState, decodeWord, levelTone } from './decoders';
import { formatValue } from './values';

describe('panel state decoders (spec 001 §4)', () => {
  it("modoWeb 8 is 'Auto', 2 'Manual', anything else '-----'", () => {
    expect(decodeState('generatorMode', 8, true)).toEqual({ label: 'Auto', tone: 'good' });
    expect(decodeState('generatorMode', 2, true).label).toBe('Manual');
    expect(decodeState('generatorMode', 3, true).label).toBe('-----');
  });

  it("status bit 64 is 'GMG ON', and it counts as running only while online", () => {
    expect(decodeState('generatorStatus', 64, true)).toEqual({ label: 'GMG ON', tone: 'good' });
    expect(decodeState('generatorStatus', 64, false)).toEqual({ label: 'GMG ON', tone: 'neutral' });
    expect(decodeState('generatorStatus', 2048, true)).toEqual({
      label: 'GMG OFF',
      tone: 'neutral',
    });
  });

  it("switch bits: 4096 'Aberta', 16384 'Fechada'", () => {
    expect(decodeState('switch', 4096, true).label).toBe('Aberta');
    expect(decodeState('switch', 16384, true).label).toBe('Fechada');
  });

  it("mains switch: 32768 'FECHADA', otherwise 'ABERTA'", () => {
    expect(decodeState('mainsSwitch', 16384 | 32768, true).label).toBe('FECHADA');
    expect(decodeState('mainsSwitch', 4096, true).label).toBe('ABERTA');
  });

  it("group switch: 1024 or 16384 'FECHADA', else 'ABERTA'", () => {
    expect(decodeState('groupSwitch', 1024, true).label).toBe('FECHADA');
    expect(decodeState('groupSwitch', 16384, true).label).toBe('FECHADA');
    expect(decodeState('groupSwitch', 4096, true).label).toBe('ABERTA');
  });

  it("mains status: bit 256 'Anormal' (bad), otherwise 'Normal'", () => {
    expect(decodeState('mainsStatus', 256, true)).toEqual({ label: 'Anormal', tone: 'bad' });
    expect(decodeState('mainsStatus', 0, true)).toEqual({ label: 'Normal', tone: 'good' });
  });

  it("inverter automation: 1 'On', 0 'OFF', other 'FALHA'", () => {
    expect(decodeState('inverterAutomation', 1, true).label).toBe('On');
    expect(decodeState('inverterAutomation', 0, true).label).toBe('OFF');
    expect(decodeState('inverterAutomation', 5, true)).toEqual({ label: 'FALHA', tone: 'bad' });
  });

  it("UPS quadro word: bit 2048 yields 'yes', shown 'Sim'", () => {
    expect(decodeState('upsQuadro', 2048, true).label).toBe('Sim');
    expect(decodeState('upsQuadro', 0, true).label).toBe('Não');
  });

  it("a reading that never arrived is '---', whatever the decoder", () => {
    for (const decoder of ['generatorMode', 'switch', 'inverterAutomation'] as const) {
      expect(decodeState(decoder, null, false)).toEqual({ label: '---', tone: 'neutral' });
    }
  });
});

describe('status words (spec 001 §4)', () => {
  it('inverter status 1 | 32: compressor on and inverter ready', () => {
    expect(decodeWord({ kind: 'inverterStatus' }, 33)?.map((m) => m.label)).toEqual([
      'Compressor ligado',
      'Inversor pronto',
    ]);
  });

  it("UPS mode word 2: 'UPS em modo online' and unitary", () => {
    expect(decodeWord({ kind: 'upsMode' }, 2)).toEqual([
      { label: 'UPS em modo online', tone: 'good' },
      { label: 'UPS unitária', tone: 'neutral' },
    ]);
  });

  it('UPS alarm word 1024: temperature out of tolerance', () => {
    expect(decodeWord({ kind: 'upsAlarms' }, 1024)?.map((m) => m.label)).toEqual([
      'Temperatura fora da tolerância',
    ]);
  });

  it('tank bits: 1 valve closed, 16 empty', () => {
    expect(decodeWord({ kind: 'tankStatus' }, 17)?.map((m) => m.label)).toEqual([
      'Válvula fechada',
      'Vazio',
    ]);
  });

  it("a panel's own bits, and no word at all", () => {
    const bits = { kind: 'bits' as const, bits: [{ bit: 2, label: 'Dois', tone: 'bad' as const }] };
    expect(decodeWord(bits, 3)).toEqual([{ label: 'Dois', tone: 'bad' }]);
    expect(decodeWord(bits, 1)).toEqual([]);
    expect(decodeWord(bits, null)).toBeNull();
  });
});

describe('level colours', () => {
  it('load speed 80 or more is critical, 65 to 79 attention', () => {
    expect(levelTone('loadSpeed', 85, 85)).toBe('bad');
    expect(levelTone('loadSpeed', 70, 70)).toBe('warning');
    expect(levelTone('loadSpeed', 40, 40)).toBe('neutral');
  });

  it('tank levels follow the legend bands; no rule is neutral', () => {
    expect(levelTone('tankLevel', null, 10)).toBe('bad');
    expect(levelTone('tankLevel', null, 100)).toBe('good');
    expect(levelTone(undefined, 10, 10)).toBe('neutral');
  });
});

describe('value formats (spec 001 §5)', () => {
  it('Hz, OilTemp, PO one decimal; LoadSpeed none; others two, with a comma', () => {
    expect(formatValue('Hz', 60.04)).toBe('60,0');
    expect(formatValue('OilTemp', 88.26)).toBe('88,3');
    expect(formatValue('LoadSpeed', 55.6)).toBe('56');
    expect(formatValue('kW', 350.125)).toBe('350,13');
  });

  it("generator panels show '---' below 0 or at 32767", () => {
    expect(formatValue('kW', 32767, 'generator')).toBe('---');
    expect(formatValue('kW', -1, 'generator')).toBe('---');
    expect(formatValue('kW', 0, 'generator')).toBe('0,00');
  });

  it('meter power and energy are divided by 1000', () => {
    expect(formatValue('KW', 350_000, 'meter')).toBe('350,00');
    expect(formatValue('HZ', 60.02, 'meter')).toBe('60,0');
  });

  it("fuel level below 0 is '---'", () => {
    expect(formatValue('fuelLevel', -3, 'fuel')).toBe('---');
    expect(formatValue('fuelLevel', 42.5, 'fuel')).toBe('42,50');
  });

  it("a missing number is '---'", () => {
    expect(formatValue('kW', null)).toBe('---');
  });
});
