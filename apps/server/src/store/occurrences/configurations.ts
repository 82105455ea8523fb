import {
  OCCURRENCE_ACCESS,
  type OccurrenceColumn,
  type OccurrenceColumnType,
  type OccurrenceConfig,
  type OccurrenceRow,
} from '@vigia/contract';
import {
  MOBILE_HIDDEN_COLUMNS,
  MOBILE_MAX_COLUMNS,
  type MobileHiddenColumn,
  PAGE_SIZE,
} from '@vigia/domain';

/** The selection checkbox column the console adds to acknowledgeable lists (spec 001 §3: "a selected flag"). */
export const SELECTION_COLUMN = 'selecionado';

type ColumnKey = keyof OccurrenceRow | typeof SELECTION_COLUMN;

interface ColumnDef {
  titulo: string;
  tipo: OccurrenceColumnType;
  casaDecimal?: number;
  /** Which of the spec's mobile-hidden column kinds this column is (001 §2). */
  kind?: MobileHiddenColumn;
}

/**
 * Every occurrence column, as configuration data. The alarm name is the
 * occurrence's description, not the "alarm" indicator column of device lists,
 * so it stays visible on mobile; dates, site, UF and equipment are hidden there.
 */
const COLUMNS: Record<ColumnKey, ColumnDef> = {
  selecionado: { titulo: '', tipo: 'selecao' },
  estado: { titulo: 'Estado', tipo: 'estado' },
  critico: { titulo: 'Criticidade', tipo: 'numero', casaDecimal: 0 },
  nomeAlarme: { titulo: 'Alarme', tipo: 'texto' },
  valorFalha: { titulo: 'Valor da Falha', tipo: 'numero', casaDecimal: 2 },
  percent: { titulo: 'Percentual', tipo: 'numero', casaDecimal: 2 },
  patrimonio: { titulo: 'Equipamento', tipo: 'texto', kind: 'equipment' },
  localNome: { titulo: 'Site', tipo: 'texto', kind: 'site' },
  uf: { titulo: 'UF', tipo: 'texto', kind: 'uf' },
  horaAtivacao: { titulo: 'Data Ativação', tipo: 'data', kind: 'date' },
  horaDesativacao: { titulo: 'Data Desativação', tipo: 'data', kind: 'date' },
  horaAck: { titulo: 'Data Reconhecimento', tipo: 'data', kind: 'date' },
  ackUsuario: { titulo: 'Reconhecido por', tipo: 'usuario' },
  isEvt: { titulo: 'Tipo', tipo: 'tipo' },
  id: { titulo: 'Código', tipo: 'numero', casaDecimal: 0 },
  idDispositivo: { titulo: 'Dispositivo', tipo: 'numero', casaDecimal: 0 },
  idSite: { titulo: 'Id Site', tipo: 'numero', casaDecimal: 0 },
  idSistema: { titulo: 'Sistema', tipo: 'numero', casaDecimal: 0 },
  repeticoes: { titulo: 'Repetições', tipo: 'numero', casaDecimal: 0 },
};

/**
 * Spec 001 §2: on mobile the first 7 columns show, and date, site, UF, alarm,
 * connection and equipment columns never do.
 */
export function buildColumns(keys: readonly ColumnKey[]): OccurrenceColumn[] {
  const hidden = new Set<string>(MOBILE_HIDDEN_COLUMNS);
  let shown = 0;
  return keys.map((key) => {
    const def = COLUMNS[key];
    const mobile = !(def.kind && hidden.has(def.kind)) && shown < MOBILE_MAX_COLUMNS;
    if (mobile) shown += 1;
    return {
      key,
      titulo: def.titulo,
      tipo: def.tipo,
      casaDecimal: def.casaDecimal ?? null,
      mobile,
    };
  });
}

function config(
  nome: string,
  acesso: number,
  limit: number,
  keys: readonly ColumnKey[],
): OccurrenceConfig {
  const colunas = buildColumns(keys);
  return { nome, acesso, total: colunas.length, limit, colunas };
}

const { reconhecer, historico, eventos } = OCCURRENCE_ACCESS;

/** `configurationOccurrenceGeneral`: the general and per-system active lists. */
export const GENERAL_CONFIG = config(
  'Alarmes Ativos Gerais',
  reconhecer | eventos,
  PAGE_SIZE.occurrences,
  [
    'selecionado',
    'estado',
    'critico',
    'nomeAlarme',
    'valorFalha',
    'percent',
    'patrimonio',
    'localNome',
    'uf',
    'horaAtivacao',
    'horaDesativacao',
    'horaAck',
    'ackUsuario',
    'isEvt',
    'idDispositivo',
    'idSistema',
    'repeticoes',
  ],
);

/** `configurationOccurrenceNaoReconhecido`: alarms waiting for an acknowledgement. */
export const NOT_ACKNOWLEDGED_CONFIG = config(
  'Alarmes Não Reconhecidos',
  reconhecer,
  PAGE_SIZE.occurrences,
  [
    'selecionado',
    'estado',
    'critico',
    'nomeAlarme',
    'valorFalha',
    'patrimonio',
    'localNome',
    'uf',
    'horaAtivacao',
    'horaDesativacao',
  ],
);

/** `configurationOccurrenceHistorical`: spec 001 §9 "acesso 3, total 18" — every row field plus the selection. */
export const HISTORICAL_CONFIG = config(
  'Histórico de Ocorrências',
  reconhecer | historico,
  PAGE_SIZE.occurrences,
  [
    'selecionado',
    'estado',
    'critico',
    'nomeAlarme',
    'valorFalha',
    'percent',
    'ackUsuario',
    'isEvt',
    'patrimonio',
    'localNome',
    'uf',
    'horaAtivacao',
    'horaDesativacao',
    'horaAck',
    'id',
    'idDispositivo',
    'idSite',
    'idSistema',
  ],
);

/** `{idSite}/configurationOccurrenceActive`: a site's active list (the site is known, so no place columns). */
export const SITE_ACTIVE_CONFIG = config(
  'Alarmes Ativos',
  reconhecer | eventos,
  PAGE_SIZE.occurrences,
  [
    'selecionado',
    'estado',
    'critico',
    'nomeAlarme',
    'valorFalha',
    'percent',
    'horaAtivacao',
    'horaDesativacao',
    'horaAck',
    'ackUsuario',
    'isEvt',
    'repeticoes',
  ],
);
