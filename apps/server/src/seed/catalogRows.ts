import { REPORT_PRESET_TABLE_ID } from '@vigia/domain';
import { toJson } from '../store/json.js';
import { type ChartDef, DEVICE_TYPES, PLACE_CHARTS, PLACE_OVERVIEWS } from './catalog.js';

type Row = Record<string, unknown>;

/**
 * The device models every database has, with or without the demo: one
 * template per type (its alarm rules and command types) and the chart and
 * report presets of each type and of plants and SCDs. Ids are fixed by the
 * catalog's order (templates from 1, report presets from 309 as spec 000 §3
 * numbers them), the same on every database.
 */
export interface CatalogRows {
  templates: Row[];
  rules: Row[];
  commandTypes: Row[];
  graphicals: Row[];
  lines: Row[];
  tables: Row[];
  columns: Row[];
  templateByType: Map<string, number>;
  /** Chart preset ids of each device type. */
  graphicalIdsByType: Map<string, number[]>;
  tableIdsByType: Map<string, number[]>;
  /** Chart presets of a plant's or SCD's page: their own, then those of the device type of that name. */
  placeChartIds: Record<'usina' | 'scd', number[]>;
}

export function catalogRows(): CatalogRows {
  const templates: Row[] = [];
  const rules: Row[] = [];
  const commandTypes: Row[] = [];
  const templateByType = new Map<string, number>();
  let ruleId = 1;
  DEVICE_TYPES.forEach((def, i) => {
    const templateId = i + 1;
    templateByType.set(def.tipo, templateId);
    templates.push({ id: templateId, nome: def.template, tipo: def.tipo });
    for (const r of def.rules) {
      rules.push({
        id: ruleId++,
        template_id: templateId,
        kind: r.kind,
        tag: r.tag ?? null,
        operator: r.operator ?? null,
        limit_value: r.limit ?? null,
        deadband: r.deadband ?? 0,
        bit: r.bit ?? null,
        critico: r.critico,
        is_event: r.isEvent ? 1 : 0,
        nome_alarme: r.nome,
      });
    }
    for (const [nome, parameterId, comando] of def.commands) {
      commandTypes.push({ template_id: templateId, nome, parameter_id: parameterId, comando });
    }
  });

  const graphicals: Row[] = [];
  const lines: Row[] = [];
  const tables: Row[] = [];
  const columns: Row[] = [];
  const graphicalIdsByType = new Map<string, number[]>();
  const tableIdsByType = new Map<string, number[]>();
  const addChart = (tipo: string, c: ChartDef) => {
    const id = graphicals.length + 1;
    graphicals.push({ id, tipo, nome: c.nome, tempo_default: c.tempoDefault ?? 1440 });
    c.lines.forEach((l, i) => {
      lines.push({
        graphical_id: id,
        tag_nome: l.tag,
        nome: l.nome,
        grandeza: l.grandeza,
        cor: l.cor,
        casa_decimal: l.casaDecimal,
        maximo: c.maximo,
        minimo: c.minimo ?? 0,
        line_style: l.lineStyle ?? 'solid',
        renderer: l.renderer ?? 'line',
        tipo: l.tipo ?? null,
        scale: null,
        ordem: i,
      });
    });
    return id;
  };
  for (const def of DEVICE_TYPES) {
    graphicalIdsByType.set(
      def.tipo,
      def.charts.map((c) => addChart(def.tipo, c)),
    );
    const ids: number[] = [];
    for (const r of def.reports) {
      const id = REPORT_PRESET_TABLE_ID + tables.length;
      ids.push(id);
      tables.push({
        id,
        tipo: def.tipo,
        nome: r.nome,
        tipo_relatorio: r.tipoRelatorio,
        tempo_default: 1440,
        intervalo: 60,
      });
      columns.push({
        table_id: id,
        nome_coluna: 'Data',
        grandeza: '',
        casa_decimal: 0,
        tipo: 'DATE',
        key_coluna: 'ts',
        ordem: 0,
      });
      r.columns.forEach(([key, nome, grandeza, casas], i) => {
        columns.push({
          table_id: id,
          nome_coluna: nome,
          grandeza,
          casa_decimal: casas,
          tipo: 'NUMERO',
          key_coluna: key,
          ordem: i + 1,
        });
      });
    }
    tableIdsByType.set(def.tipo, ids);
  }
  // After the device types' presets, so their ids stay as they were.
  const placeChartIds = {
    usina: [
      ...PLACE_CHARTS.usina.map((c) => addChart('usina', c)),
      ...(graphicalIdsByType.get('usina') ?? []),
    ],
    scd: [
      ...PLACE_CHARTS.scd.map((c) => addChart('scd', c)),
      ...(graphicalIdsByType.get('scd') ?? []),
    ],
  };
  return {
    templates,
    rules,
    commandTypes,
    graphicals,
    lines,
    tables,
    columns,
    templateByType,
    graphicalIdsByType,
    tableIdsByType,
    placeChartIds,
  };
}

/** An overview preset: one per (type, panel), made when a device or place first shows it. */
export function overviewRow(
  id: number,
  tipo: string,
  nome: string,
  renderHtml: string,
  graphic: string | null,
): Row {
  return {
    id,
    tipo,
    nome,
    render_html: renderHtml,
    sinotico: toJson([{ id, web_nome: renderHtml }]),
    graphic: graphic ? toJson({ web_nome: graphic }) : null,
  };
}

/** The panels of a plant's or SCD's site page. */
export const placeOverviews = (kind: 'usina' | 'scd') => PLACE_OVERVIEWS[kind];
