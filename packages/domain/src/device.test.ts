import { describe, expect, it } from 'vitest';
import {
  deviceParams,
  deviceTypeLabel,
  deviceTypePlural,
  findInfo,
  infoValue,
  lastReadingTs,
  nominalSum,
  normalizeDeviceType,
  percentOfNominal,
  siteTitle,
  siteWithUf,
} from './device.js';

const NONE = { hzn: null, kwn: null, rpmn: null, vccn: null, vn: null };

describe('deviceParams: hzn, kwn, rpmn, vccn, vn as registered, null (never 500) when not', () => {
  it.each([
    ['null', null, NONE],
    ['undefined', undefined, NONE],
    ['an empty list', [], NONE],
    [
      'every value present',
      [
        { nome: 'hzn', valor: 60 },
        { nome: 'kwn', valor: '250' },
        { nome: 'rpmn', valor: 1800 },
        { nome: 'vccn', valor: 24 },
        { nome: 'VN', valor: 380 },
      ],
      { hzn: 60, kwn: 250, rpmn: 1800, vccn: 24, vn: 380 },
    ],
    ['one present, the others null', [{ nome: 'kwn', valor: 100 }], { ...NONE, kwn: 100 }],
    [
      'null, empty, zero or text values count as absent',
      [
        { nome: 'hzn', valor: null },
        { nome: 'kwn', valor: '' },
        { nome: 'rpmn', valor: 0 },
        { nome: 'vccn', valor: 'abc' },
      ],
      NONE,
    ],
  ])('%s', (_name, params, expected) => {
    expect(deviceParams(params)).toEqual(expected);
  });
});

describe('percentOfNominal: a percentage only of a registered nominal', () => {
  it.each([
    ['26,6 Vcc of a 24 Vcc battery', 26.6, 24, (26.6 / 24) * 100],
    ['712 kW of 800 kW', 712, 800, 89],
    ['no nominal registered: no percentage (not 5,32 % of 500)', 26.6, null, null],
    ['a zero or negative nominal', 26.6, 0, null],
    ['no reading', null, 24, null],
    ['a reading that is not a number', Number.NaN, 24, null],
  ])('%s', (_name, value, nominal, expected) => {
    const got = percentOfNominal(value, nominal);
    if (expected === null) expect(got).toBeNull();
    else expect(got).toBeCloseTo(expected, 10);
  });

  it('a device without vccn in its params has no battery percentage', () => {
    expect(percentOfNominal(26.6, deviceParams([{ nome: 'kwn', valor: 800 }]).vccn)).toBeNull();
  });
});

describe("nominalSum: a group's nominal only when every member has one", () => {
  it.each([
    ['three generators of 800 kW', [800, 800, 800], 2400],
    ['no generators', [], 0],
    ['one without kwn: unknown, not a smaller total', [800, null, 800], null],
  ])('%s', (_name, nominals, expected) => {
    expect(nominalSum(nominals)).toBe(expected);
  });
});

describe("normalizeDeviceType: tipo lower-cased, default 'previsao'", () => {
  it.each([
    ['Gerador', 'gerador'],
    [' QTA ', 'qta'],
    ['', 'previsao'],
    [null, 'previsao'],
    [undefined, 'previsao'],
  ])('%s → %s', (tipo, expected) => {
    expect(normalizeDeviceType(tipo)).toBe(expected);
  });
});

describe("siteTitle: the device's asset number, plus ' - ' and the location name when inside a plant", () => {
  it.each([
    ['GMG1', 'Usina Norte', true, 'GMG1 - Usina Norte'],
    ['GMG1', 'Usina Norte', false, 'GMG1'],
    ['GMG2', null, true, 'GMG2'],
    [null, 'Usina', false, ''],
  ])('%s / %s / inside %s → %s', (patrimonio, local, inside, expected) => {
    expect(siteTitle(patrimonio, local, inside)).toBe(expected);
  });
});

describe('device infos', () => {
  const infos = [
    { nome: 'kW', unidade: 'kW', valorAtual: { valor: 120, ts: 100 } },
    { nome: 'Hz', valorAtual: { valor: 60, ts: 300 } },
    { nome: 'Vab', valorAtual: { valor: null, ts: 200 } },
    { nome: 'RPM', valorAtual: null },
  ];

  it.each([
    ['kW', 120],
    ['KW', 120],
    ['Hz', 60],
    ['Vab', null],
    ['RPM', null],
    ['Ia', null],
  ])('infoValue(%s) is %s', (nome, expected) => {
    expect(infoValue(infos, nome)).toBe(expected);
  });

  it('findInfo prefers the exact name', () => {
    const both = [
      { nome: 'po', valorAtual: { valor: 1, ts: 1 } },
      { nome: 'PO', valorAtual: { valor: 2, ts: 1 } },
    ];
    expect(findInfo(both, 'PO')?.valorAtual?.valor).toBe(2);
    expect(findInfo(null, 'PO')).toBeUndefined();
  });

  it('lastReadingTs is the newest reading', () => {
    expect(lastReadingTs(infos)).toBe(300);
    expect(lastReadingTs([])).toBeNull();
    expect(lastReadingTs(undefined)).toBeNull();
  });
});

describe('device types read in pt-BR, never the internal tipo (issue 27)', () => {
  it.each([
    ['transformer', 'Transformador', 'Transformadores'],
    ['batmon', 'Monitor de bateria', 'Monitores de bateria'],
    ['io', 'Módulo de I/O', 'I/O'],
    ['qta', 'QTA', 'QTA'],
    ['GERADOR', 'Gerador', 'Geradores'],
    [null, 'Previsão', 'Previsões'],
    ['novo tipo', 'Novo Tipo', 'Novo Tipo'],
  ])('%s is %s (%s)', (tipo, one, many) => {
    expect(deviceTypeLabel(tipo)).toBe(one);
    expect(deviceTypePlural(tipo)).toBe(many);
  });
});

describe('siteWithUf: a site with its state', () => {
  it.each([
    ['ERB Manaus', 'AM', 'ERB Manaus (AM)'],
    [' ERB Manaus ', '', 'ERB Manaus'],
    ['', 'AM', 'AM'],
    [null, null, ''],
  ])('%s, %s → %s', (local, uf, expected) => {
    expect(siteWithUf(local, uf)).toBe(expected);
  });
});
