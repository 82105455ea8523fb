import { describe, expect, it } from 'vitest';
import { deviceRow, NOW_SEC, silentFor } from '../../../test/deviceFixtures.test-util';
import {
  automation,
  communication,
  fuelLevel,
  generatorModeOf,
  generatorStatusOf,
  groupSwitch,
  inverterStatus,
  loadSpeed,
  mainsStatusOf,
  mainsSwitch,
  meterReading,
  reading,
  signal,
  upsAlarmList,
  upsMode,
} from './decode';

describe('generator cells (spec 001 §4)', () => {
  it.each([
    [1, 'Parado'],
    [2, 'Manual'],
    [4, 'Semi'],
    [8, 'Auto'],
    [16, 'Teste'],
    [3, '-----'],
    [null, '-----'],
  ])("modoWeb %s is '%s'", (modoWeb, text) => {
    expect(generatorModeOf(deviceRow({ modoWeb })).text).toBe(text);
  });

  it("status bit 64 of an online generator is 'GMG ON' (good)", () => {
    expect(generatorStatusOf(deviceRow({ statusGMG: 64 }), NOW_SEC)).toEqual({
      text: 'GMG ON',
      tone: 'good',
    });
  });

  it("status bit 2048 is 'GMG OFF'", () => {
    expect(generatorStatusOf(deviceRow({ statusGMG: 2048 }), NOW_SEC).text).toBe('GMG OFF');
  });

  it('a generator that stopped communicating is not shown as on', () => {
    const row = deviceRow({ statusGMG: 64 }, silentFor(45));
    expect(generatorStatusOf(row, NOW_SEC).text).toBe('---');
  });

  it('load speed: 80 or more red, 65 to 79 amber, below no colour, no decimals', () => {
    expect(loadSpeed(deviceRow({ LoadSpeed: 85.4 }))).toEqual({ text: '85', tone: 'bad' });
    expect(loadSpeed(deviceRow({ LoadSpeed: 70 })).tone).toBe('warning');
    expect(loadSpeed(deviceRow({ LoadSpeed: 40 })).tone).toBeUndefined();
  });

  it("group switch: 1024 or 16384 'FECHADA', else 'ABERTA', no reading '---'", () => {
    expect(groupSwitch(deviceRow({ chaveGrupo: 16384 })).text).toBe('FECHADA');
    expect(groupSwitch(deviceRow({ chaveGrupo: 1024 })).text).toBe('FECHADA');
    expect(groupSwitch(deviceRow({ chaveGrupo: 4096 })).text).toBe('ABERTA');
    expect(groupSwitch(deviceRow({})).text).toBe('---');
  });

  it("fuel level below 0 is '---' (spec 001 §5)", () => {
    expect(fuelLevel(deviceRow({ fuelLevel: -1 }))).toEqual({ text: '---', tone: undefined });
    expect(fuelLevel(deviceRow({ fuelLevel: 42.456 }))).toEqual({ text: '42,46', tone: undefined });
  });

  it('fuel level takes the tank colours: 0 % red as 88 % load is (issue 27)', () => {
    expect(fuelLevel(deviceRow({ fuelLevel: 0 }))).toEqual({ text: '0,00', tone: 'bad' });
    expect(fuelLevel(deviceRow({ fuelLevel: 30 })).tone).toBe('warning');
    expect(loadSpeed(deviceRow({ LoadSpeed: 88 })).tone).toBe('bad');
  });
});

describe('transfer panel cells', () => {
  it("mains status: bit 256 'Anormal' (bad), otherwise 'Normal'", () => {
    expect(mainsStatusOf(deviceRow({ statusRede: 256 }))).toEqual({ text: 'Anormal', tone: 'bad' });
    expect(mainsStatusOf(deviceRow({ statusRede: 0 }))).toEqual({ text: 'Normal', tone: 'good' });
  });

  it("mains switch: 32768 'FECHADA', otherwise 'ABERTA'", () => {
    expect(mainsSwitch(deviceRow({ chaveRede: 16384 | 32768 })).text).toBe('FECHADA');
    expect(mainsSwitch(deviceRow({ chaveRede: 4096 })).text).toBe('ABERTA');
  });
});

describe('communication cell (spec 001 §4)', () => {
  it("'Online' while the data is under 30 minutes old", () => {
    expect(communication(deviceRow({}, silentFor(10)), NOW_SEC)).toEqual({
      text: 'Online',
      tone: 'good',
    });
  });

  it("'DESATUALIZADO' in red after 30 minutes, 'SEM COMUNICAÇÃO' gray after a day (as the map pins)", () => {
    expect(communication(deviceRow({}, silentFor(45)), NOW_SEC)).toEqual({
      text: 'DESATUALIZADO',
      tone: 'bad',
    });
    expect(communication(deviceRow({}, silentFor(3 * 24 * 60)), NOW_SEC)).toEqual({
      text: 'SEM COMUNICAÇÃO',
      tone: 'neutral',
    });
  });

  it("'NUNCA COMUNICOU' for a device never heard", () => {
    const row = deviceRow({}, { ultimaLeitura: null, resumoComunicacao: 'nunca comunicou' });
    expect(communication(row, NOW_SEC).text).toBe('NUNCA COMUNICOU');
  });

  it('a meter stays online for 180 minutes', () => {
    const meter = deviceRow({}, { tipo: 'medidor', ...silentFor(120) });
    expect(communication(meter, NOW_SEC).text).toBe('Online');
    expect(communication({ ...meter, ...silentFor(200) }, NOW_SEC).text).toBe('DESATUALIZADO');
  });
});

describe('readings and formats (spec 001 §5)', () => {
  it('Hz with one decimal, others with two, comma separator', () => {
    expect(reading(deviceRow({ Hz: 60.04 }), 'Hz')).toBe('60,0');
    expect(reading(deviceRow({ kW: 312.456 }), 'kW')).toBe('312,46');
    expect(reading(deviceRow({}), 'kW')).toBe('---');
  });

  it('meter power and energy divided by 1000, thousands grouped', () => {
    expect(meterReading(deviceRow({ KW: 1_630_680 }), 'KW')).toBe('1.630,68');
    expect(meterReading(deviceRow({ HZ: 60 }), 'HZ')).toBe('60,00');
  });

  it("signal below 0 or missing is '---'", () => {
    expect(signal({ netAntenaSignal: -1 })).toBe('---');
    expect(signal({ netAntenaSignal: null })).toBe('---');
    expect(signal({ netAntenaSignal: 23 })).toBe('23');
  });
});

describe('UPS and refrigeration words', () => {
  it("UPS mode word: 'UPS em modo online' and unitary or parallel", () => {
    expect(upsMode(deviceRow({ statusUPS1: 2 })).text).toBe('UPS em modo online · UPS unitária');
    expect(upsMode(deviceRow({ statusUPS1: 4 | 8 })).text).toBe(
      'UPS em modo econômico · UPS em paralelo',
    );
  });

  it("UPS battery word: the alarm bits set, or 'OK'", () => {
    expect(upsAlarmList(deviceRow({ statusUPS2: 0 }))).toEqual({ text: 'OK', tone: 'good' });
    expect(upsAlarmList(deviceRow({ statusUPS2: 1024 })).tone).toBe('warning');
    expect(upsAlarmList(deviceRow({ statusUPS2: 2 | 1024 })).tone).toBe('bad');
  });

  it("automation '1' On, '0' OFF, other FALHA; no reading '---'", () => {
    expect(automation(deviceRow({ automacao: 1 })).text).toBe('On');
    expect(automation(deviceRow({ automacao: 0 })).text).toBe('OFF');
    expect(automation(deviceRow({ automacao: 5 }))).toEqual({ text: 'FALHA', tone: 'bad' });
    expect(automation(deviceRow({})).text).toBe('---');
  });

  it('inverter status: the set bits, the worst tone', () => {
    expect(inverterStatus(deviceRow({ statusInversor: 1 | 32 })).text).toBe(
      'Compressor ligado · Inversor pronto',
    );
    expect(inverterStatus(deviceRow({ statusInversor: 1 | 128 })).tone).toBe('bad');
  });
});
