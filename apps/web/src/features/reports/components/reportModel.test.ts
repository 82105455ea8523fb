import type { DataTable, MaintenanceReport } from '@vigia/contract';
import { describe, expect, it } from 'vitest';
import { maintenanceSummary, maintenanceTable, reportFileName, reportTable } from './reportModel';

const TS = Date.UTC(2026, 2, 10, 3) / 1000; // 10/03/2026 00:00 in São Paulo

const data: DataTable = {
  idDispositivo: 7,
  idTable: 309,
  nome: 'Horímetro',
  tipoRelatorio: 'horimetro',
  inicio: TS,
  fim: TS + 7199,
  tipoPeriodo: 0,
  intervalo: 60,
  offSet: 0,
  limit: 20,
  total: 2,
  header: [],
  colunas: [
    {
      idTable: 309,
      idColuna: 1,
      nomeColuna: 'Horímetro',
      grandeza: 'h',
      casaDecimal: 1,
      tipo: 'NUMERO',
      keyColuna: 'horimetro',
      idTag: 1,
    },
    {
      idTable: 309,
      idColuna: 2,
      nomeColuna: 'Partidas',
      grandeza: '',
      casaDecimal: 0,
      tipo: 'NUMERO',
      keyColuna: 'Partidas',
      idTag: null,
    },
  ],
  rows: [
    { ts: TS, columns: { horimetro: 0.9833, Partidas: 2 } },
    { ts: TS + 3600, columns: { horimetro: null, Partidas: null } },
  ],
};

describe('report table', () => {
  it('the date first, then the columns with comma decimals from casaDecimal and --- for missing', () => {
    const table = reportTable(data);
    expect(table.columns.map((c) => c.header)).toEqual(['Data', 'Horímetro (h)', 'Partidas']);
    expect(table.rows.map((r) => r.cells.map((c) => c.text))).toEqual([
      ['10/03/2026 00:00:00', '1,0', '2'],
      ['10/03/2026 01:00:00', '---', '---'],
    ]);
    expect(table.rows[0]?.cells.map((c) => c.value)).toEqual([TS, 0.9833, 2]);
  });

  it('names the export after the site and the period', () => {
    expect(reportFileName('GMG 1/A', { inicio: TS, fim: TS + 86_400 * 6 })).toBe(
      'GMG 1 A 10-03-2026 a 16-03-2026.xlsx',
    );
  });
});

const maintenance: MaintenanceReport = {
  idTable: 311,
  nome: 'Manutenção',
  idDispositivo: 7,
  inicio: TS,
  fim: TS + 2 * 86_400 - 1,
  tipoPeriodo: 1,
  intervalo: 60,
  offSet: 0,
  limit: 20,
  total: 2,
  dias: 2,
  contadores: [
    {
      keyColuna: 'horimetro',
      nomeColuna: 'Horímetro',
      grandeza: 'h',
      casaDecimal: 1,
      inicial: 1000,
      final: 1030.5,
      diferenca: 30.5,
      mediaDiaria: 15.25,
    },
    {
      keyColuna: 'combustivelTotal',
      nomeColuna: 'Combustível Total',
      grandeza: 'L',
      casaDecimal: 1,
      inicial: null,
      final: null,
      diferenca: null,
      mediaDiaria: null,
    },
  ],
  rows: [
    {
      ts: TS,
      columns: {
        horimetro: { valor: 1012.25, diferenca: 12.25 },
        combustivelTotal: { valor: null, diferenca: null },
      },
    },
    {
      ts: TS + 86_400,
      columns: {
        horimetro: { valor: 1030.5, diferenca: 18.25 },
        combustivelTotal: { valor: null, diferenca: null },
      },
    },
  ],
};

describe('maintenance table', () => {
  it('each counter’s reading and its difference per row, --- without readings', () => {
    const table = maintenanceTable(maintenance);
    expect(table.columns.map((c) => c.header)).toEqual([
      'Data',
      'Horímetro (h)',
      'Diferença Horímetro (h)',
      'Combustível Total (L)',
      'Diferença Combustível Total (L)',
    ]);
    expect(table.rows.map((r) => r.cells.map((c) => c.text))).toEqual([
      ['10/03/2026 00:00:00', '1.012,3', '12,3', '---', '---'],
      ['11/03/2026 00:00:00', '1.030,5', '18,3', '---', '---'],
    ]);
    expect(table.rows[0]?.cells.map((c) => c.value)).toEqual([TS, 1012.25, 12.25, null, null]);
  });

  it('the period’s difference and daily average with the counter’s decimals', () => {
    expect(maintenanceSummary(maintenance)).toEqual([
      { key: 'horimetro', nome: 'Horímetro (h)', diferenca: '30,5', mediaDiaria: '15,3' },
      {
        key: 'combustivelTotal',
        nome: 'Combustível Total (L)',
        diferenca: '---',
        mediaDiaria: '---',
      },
    ]);
  });
});
