import { GAS_PREDICTION_WINDOW_MIN, METER_STALE_AFTER_MIN, STALE_AFTER_MIN } from '@vigia/domain';
import type { AlarmOperator, AlarmRuleKind } from '../store/schema.js';

/**
 * What each device type of the demo fleet reports and how the console shows
 * it: readings (tags), alarm rules, command types, overview panels, chart and
 * report presets. Reading names are the spec's (spec 001 "Overview panels").
 */
export interface TagDef {
  nome: string;
  apelido: string;
  unidade: string;
  min: number | null;
  max: number | null;
  /** A device parameter (hzn, kwn, …) or a fixed nominal value. */
  nominal?: string | number;
  /** Whether the demo seed writes 30 days of history for it. */
  history?: boolean;
}

export interface RuleDef {
  kind: AlarmRuleKind;
  tag?: string;
  operator?: AlarmOperator;
  limit?: number;
  deadband?: number;
  bit?: number;
  critico: number;
  isEvent?: boolean;
  nome: string;
}

export interface ChartLineDef {
  tag: string;
  nome: string;
  grandeza: string;
  cor: string;
  casaDecimal: number;
  lineStyle?: 'solid' | 'dashed' | 'dotted';
  renderer?: 'line' | 'bar';
  /** A plant chart line: which series of the plant chart call it draws ('potencia', 'energia'). */
  tipo?: string;
}

export interface ChartDef {
  nome: string;
  maximo: number;
  minimo?: number;
  /** The period the chart opens with, minutes (1440 when absent). */
  tempoDefault?: number;
  lines: ChartLineDef[];
}

export interface ReportDef {
  nome: string;
  tipoRelatorio: string;
  /** [reading name, column name, unit, decimals]; the date column comes first on its own. */
  columns: [string, string, string, number][];
}

export interface TypeDef {
  tipo: string;
  template: string;
  tags: TagDef[];
  rules: RuleDef[];
  /** [nome, parameter_id, comando] */
  commands: [string, number, number][];
  /** [overview name, render_html] */
  overviews: [string, string][];
  charts: ChartDef[];
  reports: ReportDef[];
}

const t = (
  nome: string,
  apelido: string,
  unidade: string,
  min: number | null,
  max: number | null,
  extra: Partial<TagDef> = {},
): TagDef => ({ nome, apelido, unidade, min, max, ...extra });
const h = { history: true };

/**
 * The cellular modem's signal, added to the devices that have one (spec
 * `netAntenaSignal`): the modem's CSQ, 0 (none) to 31 (excellent); the
 * console shows a negative value as '---'.
 */
export const SIGNAL_TAG: TagDef = t('netAntenaSignal', 'Sinal do Modem', 'CSQ', 0, 31);

const COLORS = [
  '#1f77b4',
  '#d62728',
  '#2ca02c',
  '#ff7f0e',
  '#9467bd',
  '#8c564b',
  '#e377c2',
  '#17becf',
  '#7f7f7f',
];
function chart(
  nome: string,
  maximo: number,
  lines: [string, string, string, number?][],
  minimo = 0,
): ChartDef {
  return {
    nome,
    maximo,
    minimo,
    lines: lines.map(([tag, label, grandeza, casaDecimal], i) => ({
      tag,
      nome: label,
      grandeza,
      cor: COLORS[i % COLORS.length] ?? '#1f77b4',
      casaDecimal: casaDecimal ?? 2,
      lineStyle: i < 3 ? 'solid' : i < 6 ? 'dashed' : 'dotted',
    })),
  };
}

const communication = (critico: number, minutes = STALE_AFTER_MIN): RuleDef => ({
  kind: 'communication',
  limit: minutes * 60,
  critico,
  nome: 'Falha de comunicação',
});
const above = (
  tag: string,
  limit: number,
  critico: number,
  nome: string,
  deadband = 0,
): RuleDef => ({
  kind: 'threshold',
  tag,
  operator: '>',
  limit,
  deadband,
  critico,
  nome,
});
const below = (
  tag: string,
  limit: number,
  critico: number,
  nome: string,
  deadband = 0,
): RuleDef => ({
  kind: 'threshold',
  tag,
  operator: '<',
  limit,
  deadband,
  critico,
  nome,
});
const bit = (
  tag: string,
  mask: number,
  critico: number,
  nome: string,
  isEvent = false,
): RuleDef => ({
  kind: 'bit',
  tag,
  bit: mask,
  critico,
  nome,
  isEvent,
});

const threePhase = (
  prefix: string,
  apelido: string,
  unidade: string,
  max: number,
  extra: Partial<TagDef> = {},
) =>
  ['ab', 'bc', 'ca'].map((p) =>
    t(`${prefix}${p}`, `${apelido} ${p.toUpperCase()}`, unidade, 0, max, extra),
  );

const GENERATOR_MODE_COMMANDS: [string, number, number][] = [
  ['Modo Parado', 100, 1],
  ['Modo Manual', 100, 2],
  ['Modo Automático', 100, 8],
  ['Modo Teste', 100, 16],
];

/** Spec 001 §2 maintenance report: kWh, hour meter and total fuel, all counters. */
const MAINTENANCE_COLUMNS: ReportDef['columns'] = [
  ['kWh', 'Energia Gerada', 'kWh', 2],
  ['horimetro', 'Horímetro', 'h', 1],
  ['combustivelTotal', 'Combustível Total', 'L', 1],
];

const GERADOR: TypeDef = {
  tipo: 'gerador',
  template: 'GMG - Controlador DSE/ComAp',
  tags: [
    t('Vab', 'Tensão AB', 'V', 0, 500, { nominal: 'vn', history: true }),
    t('Vbc', 'Tensão BC', 'V', 0, 500, { nominal: 'vn' }),
    t('Vca', 'Tensão CA', 'V', 0, 500, { nominal: 'vn' }),
    t('Ia', 'Corrente A', 'A', 0, 2500, h),
    t('Ib', 'Corrente B', 'A', 0, 2500),
    t('Ic', 'Corrente C', 'A', 0, 2500),
    t('kW', 'Potência Ativa', 'kW', 0, 1000, { nominal: 'kwn', history: true }),
    t('kVA', 'Potência Aparente', 'kVA', 0, 1250, h),
    t('kVAr', 'Potência Reativa', 'kVAr', 0, 750),
    t('FP', 'Fator de Potência', '', 0, 1),
    t('Hz', 'Frequência', 'Hz', 0, 70, { nominal: 'hzn', history: true }),
    t('Vcc', 'Tensão da Bateria', 'Vcc', 0, 32, { nominal: 'vccn', history: true }),
    t('RPM', 'Rotação', 'rpm', 0, 2000, { nominal: 'rpmn' }),
    t('OilTemp', 'Temperatura do Óleo', '°C', 0, 150, h),
    t('PO', 'Pressão do Óleo', 'bar', 0, 10, h),
    t('TA', 'Temperatura da Água', '°C', 0, 120, h),
    t('LoadSpeed', 'Carga', '%', 0, 100, h),
    t('Partidas', 'Partidas', '', null, null),
    t('fuelLevel', 'Nível de Combustível', '%', 0, 100, h),
    t('combustivelPercent', 'Combustível', '%', 0, 100),
    t('modoWeb', 'Modo', '', null, null),
    t('statusGMG', 'Status do GMG', '', null, null),
    t('chaveGrupo', 'Chave do Grupo', '', null, null),
    t('chaveRede', 'Chave da Rede', '', null, null),
    t('alarmesGMG', 'Alarmes do GMG', '', null, null),
    t('horimetro', 'Horímetro', 'h', null, null, h),
    t('kWh', 'Energia Gerada', 'kWh', null, null, h),
    t('combustivelTotal', 'Combustível Total', 'L', null, null, h),
  ],
  rules: [
    above('OilTemp', 105, 20, 'Alta temperatura do óleo', 5),
    above('TA', 98, 20, 'Alta temperatura da água', 3),
    below('fuelLevel', 20, 18, 'Nível de combustível baixo', 5),
    below('Vcc', 22, 15, 'Tensão de bateria baixa', 0.8),
    bit('alarmesGMG', 1, 22, 'Falha na partida'),
    bit('alarmesGMG', 2, 22, 'Baixa pressão do óleo'),
    bit('alarmesGMG', 8, 24, 'Sobrevelocidade'),
    bit('alarmesGMG', 16, 25, 'Parada de emergência'),
    bit('statusGMG', 64, 8, 'GMG em funcionamento', true),
    communication(12),
  ],
  commands: [
    ...GENERATOR_MODE_COMMANDS,
    ['Partir GMG', 101, 1],
    ['Parar GMG', 101, 0],
    ['Rearmar alarmes', 102, 1],
  ],
  overviews: [['Visão Geral', 'gerador']],
  charts: [
    chart('Potências e Cargas', 1000, [
      ['kW', 'Potência Ativa', 'kW'],
      ['kVA', 'Potência Aparente', 'kVA'],
      ['LoadSpeed', 'Carga', '%', 0],
    ]),
    chart('Pressões e Temperaturas', 150, [
      ['OilTemp', 'Temperatura do Óleo', '°C', 1],
      ['TA', 'Temperatura da Água', '°C', 1],
      ['PO', 'Pressão do Óleo', 'bar', 1],
    ]),
    chart('V,I,Hz Gerados', 500, [
      ['Vab', 'Tensão AB', 'V'],
      ['Ia', 'Corrente A', 'A'],
      ['Hz', 'Frequência', 'Hz', 1],
    ]),
  ],
  reports: [
    {
      nome: 'Relatório GMG',
      tipoRelatorio: 'relatorioDiario',
      columns: [
        ['Vab', 'Tensão AB', 'V', 1],
        ['Vbc', 'Tensão BC', 'V', 1],
        ['Vca', 'Tensão CA', 'V', 1],
        ['Ia', 'Corrente A', 'A', 1],
        ['Ib', 'Corrente B', 'A', 1],
        ['Ic', 'Corrente C', 'A', 1],
        ['kW', 'Potência Ativa', 'kW', 2],
        ['kVA', 'Potência Aparente', 'kVA', 2],
        ['FP', 'Fator de Potência', '', 2],
        ['Hz', 'Frequência', 'Hz', 1],
      ],
    },
    {
      nome: 'Relatório Motor',
      tipoRelatorio: 'relatorioDiario',
      columns: [
        ['RPM', 'Rotação', 'rpm', 0],
        ['OilTemp', 'Temperatura do Óleo', '°C', 1],
        ['PO', 'Pressão do Óleo', 'bar', 1],
        ['TA', 'Temperatura da Água', '°C', 1],
        ['Vcc', 'Tensão da Bateria', 'Vcc', 2],
        ['LoadSpeed', 'Carga', '%', 0],
        ['fuelLevel', 'Nível de Combustível', '%', 2],
      ],
    },
    {
      nome: 'Manutenção',
      tipoRelatorio: 'manutencao',
      columns: MAINTENANCE_COLUMNS,
    },
    {
      nome: 'Horímetro',
      tipoRelatorio: 'horimetro',
      columns: [
        ['horimetro', 'Horímetro', 'h', 1],
        ['Partidas', 'Partidas', '', 0],
      ],
    },
    {
      nome: 'Informações Operacionais',
      tipoRelatorio: 'infosOperacionais',
      columns: [
        ['horimetro', 'Horímetro', 'h', 1],
        ['Partidas', 'Partidas', '', 0],
        ['kWh', 'Energia Gerada', 'kWh', 2],
        ['fuelLevel', 'Nível de Combustível', '%', 2],
      ],
    },
  ],
};

const QTA: TypeDef = {
  tipo: 'qta',
  template: 'QTA - Quadro de Transferência Automática',
  tags: [
    ...threePhase('redeV', 'Tensão Rede', 'V', 500, h),
    t('redeHz', 'Frequência Rede', 'Hz', 0, 70),
    t('redekW', 'Potência Rede', 'kW', 0, 1000, h),
    ...threePhase('V', 'Tensão Grupo', 'V', 500, h),
    t('Hz', 'Frequência Grupo', 'Hz', 0, 70),
    t('Ia', 'Corrente A', 'A', 0, 2500),
    t('Ib', 'Corrente B', 'A', 0, 2500),
    t('Ic', 'Corrente C', 'A', 0, 2500),
    t('kW', 'Potência Grupo', 'kW', 0, 1000, h),
    t('statusRede', 'Status da Rede', '', null, null, h),
    t('chaveRede', 'Chave da Rede', '', null, null),
    t('chaveGrupo', 'Chave do Grupo', '', null, null),
    t('modoWeb', 'Modo', '', null, null),
    // What the controller reads of the set it starts (spec 000 §3: Qta reports Motor, Manutenção).
    t('RPM', 'Rotação', 'rpm', 0, 2000),
    t('Vcc', 'Tensão da Bateria', 'Vcc', 0, 32),
    t('horimetro', 'Horímetro', 'h', null, null, h),
    t('kWh', 'Energia Gerada', 'kWh', null, null, h),
    t('combustivelTotal', 'Combustível Total', 'L', null, null, h),
  ],
  rules: [
    bit('statusRede', 256, 20, 'Falha na rede elétrica'),
    bit('chaveGrupo', 16384, 10, 'Carga transferida para o GMG', true),
    communication(12),
  ],
  commands: [
    ['Transferir carga para o GMG', 110, 1],
    ['Retransferir carga para a rede', 110, 0],
    ['Modo Automático', 100, 8],
    ['Modo Manual', 100, 2],
  ],
  overviews: [['Visão Geral', 'qta']],
  charts: [
    chart('Tensões da Rede', 500, [
      ['redeVab', 'Rede AB', 'V'],
      ['redeVbc', 'Rede BC', 'V'],
      ['redeVca', 'Rede CA', 'V'],
    ]),
    chart('Tensões do Grupo', 500, [
      ['Vab', 'Grupo AB', 'V'],
      ['Vbc', 'Grupo BC', 'V'],
      ['Vca', 'Grupo CA', 'V'],
    ]),
    chart('Potências', 1000, [
      ['redekW', 'Potência Rede', 'kW'],
      ['kW', 'Potência Grupo', 'kW'],
    ]),
  ],
  reports: [
    {
      nome: 'GMG',
      tipoRelatorio: 'relatorioDiario',
      columns: [
        ['Vab', 'Tensão AB', 'V', 1],
        ['Vbc', 'Tensão BC', 'V', 1],
        ['Vca', 'Tensão CA', 'V', 1],
        ['Ia', 'Corrente A', 'A', 1],
        ['kW', 'Potência Grupo', 'kW', 2],
        ['Hz', 'Frequência', 'Hz', 1],
      ],
    },
    {
      nome: 'Motor',
      tipoRelatorio: 'relatorioDiario',
      columns: [
        ['RPM', 'Rotação', 'rpm', 0],
        ['Hz', 'Frequência Grupo', 'Hz', 1],
        ['Vcc', 'Tensão da Bateria', 'Vcc', 2],
        ['kW', 'Potência Grupo', 'kW', 2],
      ],
    },
    { nome: 'Manutenção', tipoRelatorio: 'manutencao', columns: MAINTENANCE_COLUMNS },
    {
      nome: 'QTA',
      tipoRelatorio: 'relatorioDiario',
      columns: [
        ['redeVab', 'Rede AB', 'V', 1],
        ['redeVbc', 'Rede BC', 'V', 1],
        ['redeVca', 'Rede CA', 'V', 1],
        ['redeHz', 'Frequência Rede', 'Hz', 1],
        ['redekW', 'Potência Rede', 'kW', 2],
        ['kW', 'Potência Grupo', 'kW', 2],
      ],
    },
  ],
};

const TFR: TypeDef = {
  tipo: 'tfr',
  template: 'TFR - Painel de Paralelismo',
  tags: [
    ...threePhase('redeV', 'Tensão Rede', 'V', 500, h),
    ...threePhase('barraV', 'Tensão Barra', 'V', 500).map((tag) =>
      tag.nome === 'barraVab' ? { ...tag, history: true } : tag,
    ),
    t('redekW', 'Potência Rede', 'kW', 0, 5000, h),
    t('barrakW', 'Potência Barra', 'kW', 0, 5000, h),
    t('kW', 'Potência Exportada', 'kW', 0, 5000, h),
    t('kVAr', 'Potência Reativa', 'kVAr', 0, 2500, h),
    t('Hz', 'Frequência', 'Hz', 0, 70),
    t('FP', 'Fator de Potência', '', 0, 1),
    t('kWh', 'Energia Exportada', 'kWh', null, null, h),
    t('modoWeb', 'Modo', '', null, null),
    t('statusRede', 'Status da Rede', '', null, null),
  ],
  rules: [
    below('redeVab', 342, 18, 'Subtensão na rede', 4),
    bit('statusRede', 256, 20, 'Falha na rede elétrica'),
    communication(12),
  ],
  commands: [
    ['Modo Automático', 100, 8],
    ['Modo Manual', 100, 2],
    ['Abrir disjuntor da rede', 120, 0],
    ['Fechar disjuntor da rede', 120, 1],
  ],
  overviews: [['Visão Geral', 'tfr']],
  charts: [
    chart('Tensões', 500, [
      ['redeVab', 'Rede AB', 'V'],
      ['redeVbc', 'Rede BC', 'V'],
      ['barraVab', 'Barra AB', 'V'],
    ]),
    chart('Potências', 5000, [
      ['redekW', 'Potência Rede', 'kW'],
      ['barrakW', 'Potência Barra', 'kW'],
      ['kVAr', 'Potência Reativa', 'kVAr'],
    ]),
  ],
  reports: [
    {
      nome: 'Tfr',
      tipoRelatorio: 'relatorioDiario',
      columns: [
        ['redeVab', 'Tensão Rede AB', 'V', 1],
        ['barraVab', 'Tensão Barra AB', 'V', 1],
        ['redekW', 'Potência Rede', 'kW', 2],
        ['barrakW', 'Potência Barra', 'kW', 2],
        ['kVAr', 'Potência Reativa', 'kVAr', 2],
        ['Hz', 'Frequência', 'Hz', 1],
        ['FP', 'Fator de Potência', '', 2],
        ['kWh', 'Energia Exportada', 'kWh', 2],
      ],
    },
  ],
};

const TRANSFORMER: TypeDef = {
  tipo: 'transformer',
  template: 'Transformador - Relé de Temperatura',
  tags: [
    t('TA', 'Temperatura Ambiente', '°C', 0, 60, h),
    t('T1', 'Temperatura Enrolamento 1', '°C', 0, 160, h),
    t('T2', 'Temperatura Enrolamento 2', '°C', 0, 160, h),
    t('T3', 'Temperatura Enrolamento 3', '°C', 0, 160, h),
    t('kW', 'Potência', 'kW', 0, 2500, h),
    t('alarmesTrafo', 'Alarmes do Transformador', '', null, null),
  ],
  rules: [
    above('T1', 110, 20, 'Alta temperatura no enrolamento 1', 5),
    above('T2', 110, 20, 'Alta temperatura no enrolamento 2', 5),
    above('T3', 110, 20, 'Alta temperatura no enrolamento 3', 5),
    bit('alarmesTrafo', 1, 25, 'Atuação do relé Buchholz'),
    bit('alarmesTrafo', 2, 22, 'Desligamento por sobretemperatura'),
    communication(12),
  ],
  commands: [],
  overviews: [['Visão Geral', 'transformer']],
  charts: [
    chart('Transformador', 160, [
      ['TA', 'Ambiente', '°C', 1],
      ['T1', 'Enrolamento 1', '°C', 1],
      ['T2', 'Enrolamento 2', '°C', 1],
      ['T3', 'Enrolamento 3', '°C', 1],
    ]),
  ],
  reports: [
    {
      nome: 'Trafo',
      tipoRelatorio: 'relatorioDiario',
      columns: [
        ['TA', 'Temperatura Ambiente', '°C', 1],
        ['T1', 'Enrolamento 1', '°C', 1],
        ['T2', 'Enrolamento 2', '°C', 1],
        ['T3', 'Enrolamento 3', '°C', 1],
        ['kW', 'Potência', 'kW', 2],
      ],
    },
  ],
};

const phases = ['A', 'B', 'C'];
const UPS: TypeDef = {
  tipo: 'ups',
  template: 'UPS - Nobreak Trifásico',
  tags: [
    ...phases.map((p) => t(`Vin${p}`, `Tensão de Entrada ${p}`, 'V', 0, 300, p === 'A' ? h : {})),
    ...phases.map((p) => t(`Vout${p}`, `Tensão de Saída ${p}`, 'V', 0, 300, p === 'A' ? h : {})),
    ...phases.map((p) => t(`Iout${p}`, `Corrente de Saída ${p}`, 'A', 0, 300, p === 'A' ? h : {})),
    ...phases.map((p) => t(`kW${p}`, `Potência ${p}`, 'kW', 0, 60)),
    t('Vbat', 'Tensão da Bateria', 'V', 0, 600, h),
    t('Ibat', 'Corrente da Bateria', 'A', -200, 200),
    t('cargaPercent', 'Nível de Carga', '%', 0, 100, h),
    t('HzIn', 'Frequência de Entrada', 'Hz', 0, 70),
    t('HzOut', 'Frequência de Saída', 'Hz', 0, 70, h),
    t('autonomia', 'Autonomia', 'min', 0, 240),
    t('tempSala', 'Temperatura da Sala de Baterias', '°C', 0, 50, h),
    t('cargaBateria', 'Nível de Carga da Bateria', '%', 0, 100, h),
    t('statusUPS1', 'Status do Modo', '', null, null),
    t('statusUPS2', 'Status da Bateria', '', null, null),
    t('statusUPS3', 'Status do Quadro', '', null, null),
  ],
  rules: [
    bit('statusUPS2', 2, 18, 'Fim de vida da bateria'),
    bit('statusUPS2', 4, 15, 'Erro no teste de bateria'),
    bit('statusUPS2', 1024, 17, 'Temperatura fora da tolerância'),
    bit('statusUPS2', 2048, 22, 'Falha de fusível'),
    above('tempSala', 30, 17, 'Temperatura da sala de baterias alta', 1),
    above('cargaPercent', 90, 20, 'Sobrecarga na saída', 3),
    below('autonomia', 10, 18, 'Autonomia de bateria baixa', 2),
    communication(12),
  ],
  commands: [],
  overviews: [['Visão Geral', 'ups']],
  charts: [
    chart('Tensões', 300, [
      ['VinA', 'Entrada A', 'V'],
      ['VinB', 'Entrada B', 'V'],
      ['VinC', 'Entrada C', 'V'],
      ['VoutA', 'Saída A', 'V'],
      ['VoutB', 'Saída B', 'V'],
      ['VoutC', 'Saída C', 'V'],
    ]),
    chart('Saída', 300, [
      ['IoutA', 'Corrente A', 'A'],
      ['IoutB', 'Corrente B', 'A'],
      ['IoutC', 'Corrente C', 'A'],
      ['cargaPercent', 'Nível de Carga', '%', 0],
    ]),
    chart('Entrada', 300, [
      ['VinA', 'Tensão A', 'V'],
      ['HzIn', 'Frequência', 'Hz', 1],
    ]),
    chart('Bateria', 600, [
      ['Vbat', 'Tensão', 'V'],
      ['Ibat', 'Corrente', 'A'],
      ['cargaBateria', 'Carga', '%', 0],
    ]),
    chart('Frequência', 70, [
      ['HzIn', 'Entrada', 'Hz', 1],
      ['HzOut', 'Saída', 'Hz', 1],
    ]),
  ],
  reports: [
    {
      nome: 'Medições de Bateria',
      tipoRelatorio: 'relatorioDiario',
      columns: [
        ['Vbat', 'Tensão da Bateria', 'V', 1],
        ['Ibat', 'Corrente da Bateria', 'A', 1],
        ['cargaBateria', 'Carga da Bateria', '%', 0],
        ['autonomia', 'Autonomia', 'min', 0],
        ['tempSala', 'Temperatura da Sala', '°C', 1],
      ],
    },
    {
      nome: 'Data Log',
      tipoRelatorio: 'relatorioDiario',
      columns: [
        ['VinA', 'Entrada A', 'V', 1],
        ['VinB', 'Entrada B', 'V', 1],
        ['VinC', 'Entrada C', 'V', 1],
        ['VoutA', 'Saída A', 'V', 1],
        ['VoutB', 'Saída B', 'V', 1],
        ['VoutC', 'Saída C', 'V', 1],
        ['IoutA', 'Corrente A', 'A', 1],
        ['cargaPercent', 'Nível de Carga', '%', 0],
        ['HzIn', 'Frequência Entrada', 'Hz', 1],
        ['HzOut', 'Frequência Saída', 'Hz', 1],
      ],
    },
  ],
};

const TANQUE: TypeDef = {
  tipo: 'tanque',
  template: 'Tanque de Combustível - Sensor de Nível',
  tags: [
    t('nivel', 'Nível', '%', 0, 100, h),
    t('litros', 'Volume', 'L', 0, null, h),
    t('temperatura', 'Temperatura', '°C', 0, 60, h),
    t('statusTanque', 'Status do Tanque', '', null, null),
  ],
  rules: [
    below('nivel', 20, 18, 'Nível do tanque baixo', 5),
    bit('statusTanque', 16, 22, 'Tanque vazio'),
    bit('statusTanque', 8, 15, 'Tanque bloqueado'),
    communication(12),
  ],
  commands: [],
  overviews: [],
  charts: [
    chart('litros', 20000, [['litros', 'Volume', 'L', 0]]),
    chart('temperatura', 60, [['temperatura', 'Temperatura', '°C', 1]]),
    chart('nivel', 100, [['nivel', 'Nível', '%', 2]]),
  ],
  reports: [
    {
      nome: 'Tanque',
      tipoRelatorio: 'relatorioDiario',
      columns: [
        ['nivel', 'Nível', '%', 2],
        ['litros', 'Volume', 'L', 0],
        ['temperatura', 'Temperatura', '°C', 1],
      ],
    },
  ],
};

const MEDIDOR: TypeDef = {
  tipo: 'medidor',
  template: 'Medidor de Energia - Multimedidor',
  tags: [
    t('KWH_TOTAL_H', 'Energia Ativa Total', 'kWh', null, null, h),
    t('KW', 'Potência Ativa', 'kW', 0, 2_500_000, h),
    t('MAX_KW', 'Demanda Máxima', 'kW', 0, 2_500_000),
    t('HZ', 'Frequência', 'Hz', 0, 70, h),
    t('PF', 'Fator de Potência', '', 0, 1, h),
    t('NUMSERIE', 'Número de Série', '', null, null),
    t('VA', 'Tensão A', 'V', 0, 300, h),
    t('VB', 'Tensão B', 'V', 0, 300),
    t('VC', 'Tensão C', 'V', 0, 300),
    t('IA', 'Corrente A', 'A', 0, 3000, h),
    t('IB', 'Corrente B', 'A', 0, 3000),
    t('IC', 'Corrente C', 'A', 0, 3000),
    t('DIA', 'Dia', '', null, null),
    t('MES', 'Mês', '', null, null),
    t('ANO', 'Ano', '', null, null),
    t('HORA', 'Hora', '', null, null),
    t('MINUTO', 'Minuto', '', null, null),
  ],
  rules: [
    below('PF', 0.92, 10, 'Fator de potência baixo', 0.01),
    communication(10, METER_STALE_AFTER_MIN),
  ],
  commands: [],
  overviews: [
    ['Visão Geral', 'medidor'],
    ['Informações', 'infos-medidor'],
  ],
  charts: [
    chart('Medidor de Energia', 2500, [
      ['KW', 'Potência Ativa', 'kW'],
      ['PF', 'Fator de Potência', ''],
      ['HZ', 'Frequência', 'Hz', 1],
    ]),
  ],
  reports: [
    {
      nome: 'Medidor de Energia',
      tipoRelatorio: 'relatorioDiario',
      columns: [
        ['KW', 'Potência Ativa', 'kW', 2],
        ['HZ', 'Frequência', 'Hz', 1],
        ['PF', 'Fator de Potência', '', 2],
        ['VA', 'Tensão A', 'V', 1],
        ['IA', 'Corrente A', 'A', 1],
      ],
    },
    {
      nome: 'Energias',
      tipoRelatorio: 'relatorioDiario',
      columns: [['KWH_TOTAL_H', 'Energia Ativa Total', 'kWh', 2]],
    },
  ],
};

const BATMON: TypeDef = {
  tipo: 'batmon',
  template: 'Monitor de Bateria',
  tags: [
    t('Vbat', 'Tensão do Banco', 'V', 0, 60, h),
    t('Ibat', 'Corrente do Banco', 'A', -100, 100, h),
    t('tempBat', 'Temperatura das Baterias', '°C', 0, 60, h),
    t('celulaMin', 'Tensão Mínima de Célula', 'V', 0, 3),
    t('celulaMax', 'Tensão Máxima de Célula', 'V', 0, 3),
    t('soc', 'Estado de Carga', '%', 0, 100, h),
    t('autonomia', 'Autonomia', 'min', 0, 480),
    t('Vcc', 'Tensão de Barramento', 'Vcc', 0, 60, { nominal: 'vccn' }),
  ],
  rules: [
    above('tempBat', 35, 18, 'Alta temperatura das baterias', 1),
    below('Vbat', 46, 20, 'Tensão do banco de baterias baixa', 0.5),
    communication(12),
  ],
  commands: [],
  overviews: [],
  charts: [
    chart('Monitor de Bateria', 100, [
      ['Vbat', 'Tensão', 'V'],
      ['Ibat', 'Corrente', 'A'],
      ['tempBat', 'Temperatura', '°C', 1],
      ['soc', 'Estado de Carga', '%', 0],
    ]),
  ],
  reports: [
    {
      nome: 'Monitor de Bateria',
      tipoRelatorio: 'relatorioDiario',
      columns: [
        ['Vbat', 'Tensão do Banco', 'V', 2],
        ['Ibat', 'Corrente', 'A', 2],
        ['tempBat', 'Temperatura', '°C', 1],
        ['soc', 'Estado de Carga', '%', 0],
        ['celulaMin', 'Célula Mínima', 'V', 3],
        ['celulaMax', 'Célula Máxima', 'V', 3],
      ],
    },
  ],
};

const IO: TypeDef = {
  tipo: 'io',
  template: 'Módulo de I/O ADAM',
  tags: [
    ...[1, 2, 3, 4, 5, 6, 7, 8].map((n) => t(`ai${n}`, `Entrada Analógica ${n}`, '%', 0, 100, h)),
    t('di', 'Entradas Digitais', '', null, null),
  ],
  rules: [
    above('ai1', 80, 12, 'Entrada analógica 1 alta', 2),
    bit('di', 1, 5, 'Porta do painel aberta', true),
    communication(12),
  ],
  commands: [],
  overviews: [
    ['Visão Geral', 'io'],
    ['ADAM', 'adam'],
  ],
  charts: [
    chart(
      'Entradas Analógicas',
      100,
      [1, 2, 3, 4, 5, 6, 7, 8].map(
        (n) => [`ai${n}`, `Canal ${n}`, '%', 1] as [string, string, string, number],
      ),
    ),
  ],
  reports: [
    {
      nome: 'I/O',
      tipoRelatorio: 'relatorioDiario',
      columns: [1, 2, 3, 4, 5, 6, 7, 8].map((n) => [`ai${n}`, `Canal ${n}`, '%', 1]),
    },
  ],
};

const GELADEIRA: TypeDef = {
  tipo: 'geladeira',
  template: 'Câmara Fria - Inversor',
  tags: [
    t('automacao', 'Automação', '', null, null),
    t('statusInversor', 'Status do Inversor', '', null, null),
    t('entradasDigitais', 'Entradas Digitais', '', null, null),
    t('tempCamara', 'Temperatura da Câmara', '°C', -40, 20, h),
    t('tempEvaporador', 'Temperatura do Evaporador', '°C', -50, 20, h),
    t('freqInversor', 'Frequência do Inversor', 'Hz', 0, 70, h),
    t('correnteCompressor', 'Corrente do Compressor', 'A', 0, 30, h),
    t('pressaoSuccao', 'Pressão de Sucção', 'bar', 0, 10),
    t('pressaoDescarga', 'Pressão de Descarga', 'bar', 0, 30),
    t('kWh', 'Energia Consumida', 'kWh', null, null, h),
  ],
  rules: [
    above('tempCamara', -12, 20, 'Temperatura da câmara alta', 1),
    bit('statusInversor', 128, 22, 'Falha do inversor'),
    bit('statusInversor', 64, 15, 'Alarme do inversor'),
    communication(12),
  ],
  commands: [],
  overviews: [['Visão Geral', 'geladeira']],
  charts: [
    chart(
      'Compressor',
      30,
      [
        ['correnteCompressor', 'Corrente', 'A', 1],
        ['tempCamara', 'Temperatura da Câmara', '°C', 1],
        ['tempEvaporador', 'Temperatura do Evaporador', '°C', 1],
      ],
      -40,
    ),
    chart('Inversor', 70, [['freqInversor', 'Frequência', 'Hz', 1]]),
  ],
  reports: [
    {
      nome: 'Compressor',
      tipoRelatorio: 'relatorioDiario',
      columns: [
        ['correnteCompressor', 'Corrente', 'A', 1],
        ['tempCamara', 'Temperatura da Câmara', '°C', 1],
        ['tempEvaporador', 'Temperatura do Evaporador', '°C', 1],
        ['pressaoSuccao', 'Pressão de Sucção', 'bar', 1],
        ['pressaoDescarga', 'Pressão de Descarga', 'bar', 1],
      ],
    },
    {
      nome: 'Inversor',
      tipoRelatorio: 'relatorioDiario',
      columns: [['freqInversor', 'Frequência', 'Hz', 1]],
    },
    {
      nome: 'Energia Consumida',
      tipoRelatorio: 'relatorioDiario',
      columns: [['kWh', 'Energia Consumida', 'kWh', 2]],
    },
  ],
};

const PT = [1, 2, 3, 4, 5, 6, 7, 8, 9].map((n) => `pt0${n}`);
const PLC: TypeDef = {
  tipo: 'plc',
  template: 'PLC - Controle de Gás',
  tags: [
    ...PT.map((n, i) => t(n, `Pressão ${n.toUpperCase()}`, 'bar', 0, 300, i < 4 ? h : {})),
    t('tt01', 'Temperatura TT01', '°C', 0, 100, h),
    t('tt02', 'Temperatura TT02', '°C', 0, 100, h),
    ...[1, 2, 3, 4, 5, 6, 7, 8].map((n) => t(`alarme${n}`, `Alarme ${n}`, '', null, null)),
    t('vazao', 'Vazão', 'm³/h', 0, 2000, h),
    t('consumoDia', 'Consumo do Dia', 'm³', 0, null, h),
  ],
  rules: [
    above('pt01', 260, 20, 'Pressão de entrada alta', 5),
    below('pt01', 120, 18, 'Pressão de entrada baixa', 5),
    bit('alarme1', 1, 25, 'Detecção de vazamento de gás'),
    bit('alarme2', 1, 20, 'Falha no compressor'),
    bit('alarme3', 1, 18, 'Alta temperatura na descarga'),
    bit('alarme4', 1, 15, 'Filtro saturado'),
    communication(12),
  ],
  commands: [],
  overviews: [
    ['Visão Geral', 'plc'],
    ['Base de Compressão', 'base-de-compressao'],
  ],
  charts: [
    chart(
      'Pressões',
      300,
      PT.map((n) => [n, n.toUpperCase(), 'bar', 1] as [string, string, string, number]),
    ),
    chart('Temperaturas', 100, [
      ['tt01', 'TT01', '°C', 1],
      ['tt02', 'TT02', '°C', 1],
    ]),
    {
      // Spec 001 §9: gas prediction charts span 10080 minutes; the day's consumption as bars.
      ...chart('Previsão e Consumo de Gás', 20000, [
        ['vazao', 'Vazão', 'm³/h', 1],
        ['consumoDia', 'Consumo do Dia', 'm³', 0],
      ]),
      tempoDefault: GAS_PREDICTION_WINDOW_MIN,
      lines: [
        { tag: 'vazao', nome: 'Vazão', grandeza: 'm³/h', cor: '#1f77b4', casaDecimal: 1 },
        {
          tag: 'consumoDia',
          nome: 'Consumo do Dia',
          grandeza: 'm³',
          cor: '#868e96',
          casaDecimal: 0,
          renderer: 'bar',
        },
      ],
    },
  ],
  reports: [
    {
      nome: 'PLC Gás',
      tipoRelatorio: 'relatorioDiario',
      columns: [
        ...PT.map((n): [string, string, string, number] => [n, n.toUpperCase(), 'bar', 1]),
        ['tt01', 'TT01', '°C', 1],
        ['tt02', 'TT02', '°C', 1],
        ['vazao', 'Vazão', 'm³/h', 1],
      ],
    },
  ],
};

const POSTO: TypeDef = {
  tipo: 'posto',
  template: 'Posto de GNV',
  tags: [
    t('pt01', 'Pressão de Estocagem', 'bar', 0, 300, h),
    t('pt02', 'Pressão de Abastecimento', 'bar', 0, 300),
    t('tt01', 'Temperatura', '°C', 0, 80, h),
    t('vazao', 'Vazão', 'm³/h', 0, 1000, h),
    t('estoque', 'Estoque', 'm³', 0, 10000, h),
    t('consumoDia', 'Consumo do Dia', 'm³', 0, null),
    ...[1, 2, 3, 4].map((n) => t(`alarme${n}`, `Alarme ${n}`, '', null, null)),
  ],
  rules: [
    below('pt01', 150, 18, 'Pressão de estocagem baixa', 5),
    bit('alarme1', 1, 25, 'Detecção de vazamento de gás'),
    bit('alarme2', 1, 18, 'Falha no dispenser'),
    communication(12),
  ],
  commands: [],
  overviews: [['Visão Geral', 'posto']],
  charts: [
    chart('Posto', 1000, [
      ['pt01', 'Pressão de Estocagem', 'bar', 1],
      ['vazao', 'Vazão', 'm³/h', 1],
    ]),
  ],
  reports: [
    {
      nome: 'Posto',
      tipoRelatorio: 'relatorioDiario',
      columns: [
        ['pt01', 'Pressão de Estocagem', 'bar', 1],
        ['pt02', 'Pressão de Abastecimento', 'bar', 1],
        ['tt01', 'Temperatura', '°C', 1],
        ['vazao', 'Vazão', 'm³/h', 1],
        ['estoque', 'Estoque', 'm³', 0],
      ],
    },
  ],
};

const CARRETA: TypeDef = {
  tipo: 'carreta',
  template: 'Carreta de GNC',
  tags: [
    t('pt01', 'Pressão', 'bar', 0, 300, h),
    t('tt01', 'Temperatura', '°C', 0, 80, h),
    t('volume', 'Volume', 'm³', 0, 6000, h),
    t('consumo', 'Consumo', 'm³/h', 0, 500, h),
    t('fuelLevel', 'Nível', '%', 0, 100),
    ...[1, 2, 3, 4].map((n) => t(`alarme${n}`, `Alarme ${n}`, '', null, null)),
  ],
  rules: [
    below('fuelLevel', 15, 18, 'Volume da carreta baixo', 3),
    bit('alarme1', 1, 22, 'Pressão alta na carreta'),
    communication(12),
  ],
  commands: [],
  overviews: [['Consumo', 'carreta-consumo']],
  charts: [
    chart('Consumo de Gás', 6000, [
      ['volume', 'Volume', 'm³', 0],
      ['consumo', 'Consumo', 'm³/h', 1],
    ]),
    chart('Estocagem de Gás', 300, [
      ['pt01', 'Pressão', 'bar', 1],
      ['tt01', 'Temperatura', '°C', 1],
    ]),
  ],
  reports: [
    {
      nome: 'Consumo da Carreta',
      tipoRelatorio: 'relatorioDiario',
      columns: [
        ['consumo', 'Consumo', 'm³/h', 1],
        ['volume', 'Volume', 'm³', 0],
      ],
    },
    {
      nome: 'Estocagem da Carreta',
      tipoRelatorio: 'relatorioDiario',
      columns: [
        ['volume', 'Volume', 'm³', 0],
        ['pt01', 'Pressão', 'bar', 1],
        ['tt01', 'Temperatura', '°C', 1],
      ],
    },
  ],
};

const aggregateTags = (maxKw: number): TagDef[] => [
  t('kW', 'Potência Ativa', 'kW', 0, maxKw, h),
  t('kVAr', 'Potência Reativa', 'kVAr', 0, maxKw / 2),
  t('kWh', 'Energia', 'kWh', null, null, h),
  t('Hz', 'Frequência', 'Hz', 0, 70),
  t('FP', 'Fator de Potência', '', 0, 1),
  t('Vab', 'Tensão AB', 'V', 0, 500),
  t('Ia', 'Corrente A', 'A', 0, 10000),
];

const USINA: TypeDef = {
  tipo: 'usina',
  template: 'Usina - Medição Agregada',
  tags: aggregateTags(20000),
  rules: [below('Hz', 59.5, 17, 'Frequência baixa na usina', 0.1), communication(12)],
  commands: [
    ['Partir todos os GMGs', 130, 1],
    ['Parar todos os GMGs', 130, 0],
  ],
  overviews: [['Usina', 'usina']],
  charts: [
    chart('Usina', 20000, [
      ['kW', 'Potência Ativa', 'kW'],
      ['kVAr', 'Potência Reativa', 'kVAr'],
    ]),
  ],
  reports: [
    {
      nome: 'Usina',
      tipoRelatorio: 'relatorioDiario',
      columns: [
        ['kW', 'Potência Ativa', 'kW', 2],
        ['kVAr', 'Potência Reativa', 'kVAr', 2],
        ['kWh', 'Energia', 'kWh', 2],
      ],
    },
  ],
};

const SCD: TypeDef = {
  tipo: 'scd',
  template: 'SCD - Subestação',
  tags: aggregateTags(20000),
  rules: [below('Hz', 59.5, 17, 'Frequência baixa na subestação', 0.1), communication(12)],
  commands: [],
  overviews: [
    ['SCD', 'scd'],
    ['Subestação', 'subestacao'],
  ],
  charts: [
    chart('SCD', 20000, [
      ['kW', 'Potência Ativa', 'kW'],
      ['kVAr', 'Potência Reativa', 'kVAr'],
    ]),
  ],
  reports: [
    {
      nome: 'Scd',
      tipoRelatorio: 'relatorioDiario',
      columns: [
        ['kW', 'Potência Ativa', 'kW', 2],
        ['kVAr', 'Potência Reativa', 'kVAr', 2],
        ['kWh', 'Energia', 'kWh', 2],
        ['Hz', 'Frequência', 'Hz', 1],
      ],
    },
  ],
};

const QGBT: TypeDef = {
  tipo: 'qgbt',
  template: 'QGBT - Quadro Geral de Baixa Tensão',
  tags: [
    ...threePhase('V', 'Tensão', 'V', 500),
    t('Ia', 'Corrente A', 'A', 0, 4000, h),
    t('Ib', 'Corrente B', 'A', 0, 4000),
    t('Ic', 'Corrente C', 'A', 0, 4000),
    t('kW', 'Potência Ativa', 'kW', 0, 2500, h),
    t('kVAr', 'Potência Reativa', 'kVAr', 0, 1250),
    t('FP', 'Fator de Potência', '', 0, 1),
    t('Hz', 'Frequência', 'Hz', 0, 70),
    t('kWh', 'Energia', 'kWh', null, null, h),
  ],
  rules: [below('FP', 0.92, 10, 'Fator de potência baixo', 0.01), communication(12)],
  commands: [],
  overviews: [['Sinótico QGBT', 'sinotico-qgbt']],
  charts: [
    chart('Qgbt', 2500, [
      ['kW', 'Potência Ativa', 'kW'],
      ['kVAr', 'Potência Reativa', 'kVAr'],
      ['Ia', 'Corrente A', 'A'],
    ]),
  ],
  reports: [
    {
      nome: 'Qgbt',
      tipoRelatorio: 'relatorioDiario',
      columns: [
        ['Vab', 'Tensão AB', 'V', 1],
        ['Vbc', 'Tensão BC', 'V', 1],
        ['Vca', 'Tensão CA', 'V', 1],
        ['Ia', 'Corrente A', 'A', 1],
        ['Ib', 'Corrente B', 'A', 1],
        ['Ic', 'Corrente C', 'A', 1],
        ['kW', 'Potência Ativa', 'kW', 2],
        ['kVAr', 'Potência Reativa', 'kVAr', 2],
        ['FP', 'Fator de Potência', '', 2],
        ['Hz', 'Frequência', 'Hz', 1],
        ['kWh', 'Energia', 'kWh', 2],
      ],
    },
  ],
};

export const DEVICE_TYPES: readonly TypeDef[] = [
  GERADOR,
  QTA,
  TFR,
  TRANSFORMER,
  UPS,
  TANQUE,
  MEDIDOR,
  BATMON,
  IO,
  GELADEIRA,
  PLC,
  POSTO,
  CARRETA,
  USINA,
  SCD,
  QGBT,
];

export function typeDef(tipo: string): TypeDef {
  const def = DEVICE_TYPES.find((d) => d.tipo === tipo);
  if (!def) throw new Error(`unknown device type ${tipo}`);
  return def;
}

/** The readings the chart and report presets of a type draw or show. */
export function presetTagNames(def: TypeDef): Set<string> {
  return new Set([
    ...def.charts.flatMap((c) => c.lines.map((line) => line.tag)),
    ...def.reports.flatMap((r) => r.columns.map(([tag]) => tag)),
  ]);
}

/**
 * The readings the demo seed writes history for: those marked `history` and
 * every one a chart or report preset of the type draws or shows (without
 * history a chart line or a report column would show only '---').
 */
export function historyTagNames(def: TypeDef): Set<string> {
  const presets = presetTagNames(def);
  return new Set(def.tags.filter((t) => t.history || presets.has(t.nome)).map((t) => t.nome));
}

/** Overview panels of plants and SCDs themselves (not of a device). */
export const PLACE_OVERVIEWS = {
  usina: [
    ['Usina', 'usina'],
    ['Unifilar', 'unifilar'],
  ],
  scd: [['SCD', 'scd']],
} as const;

/**
 * Chart presets of plants and SCDs themselves (spec 000 §2 `usina/…/grafico`,
 * `scd/grafico`): a plant's equipment power and energy per day come from the
 * plant chart call (the line's `tipo`); the rest draw the place's own
 * measuring device (its `usina` or `scd` device), with that type's preset.
 */
export const PLACE_CHARTS: Record<'usina' | 'scd', ChartDef[]> = {
  usina: [
    {
      nome: 'Potência dos Equipamentos',
      maximo: 2500,
      lines: [
        {
          tag: 'kW',
          nome: 'Potência Ativa',
          grandeza: 'kW',
          cor: '#1f77b4',
          casaDecimal: 1,
          tipo: 'potencia',
        },
      ],
    },
    {
      nome: 'Energia por Dia',
      maximo: 60000,
      tempoDefault: 10_080,
      lines: [
        {
          tag: 'kWh',
          nome: 'Energia',
          grandeza: 'kWh',
          cor: '#2ca02c',
          casaDecimal: 0,
          renderer: 'bar',
          tipo: 'energia',
        },
      ],
    },
  ],
  scd: [],
};
