import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DEVICE_LISTS } from '../lists';
import { deviceRow, NOW_SEC, silentFor } from './deviceFixtures.test-util';
import { energyGeneratorColumns, pairTransferPanels } from './energyGeneratorColumns';
import { fitHeaders } from './fitHeaders';

const ctx = { nowSec: NOW_SEC };

function cellsOf(list: keyof typeof DEVICE_LISTS, row: ReturnType<typeof deviceRow>) {
  const columns = DEVICE_LISTS[list].columns(ctx);
  render(
    <MantineProvider>
      <table>
        <tbody>
          <tr>
            {columns.map((c) => (
              <td key={c.key} data-key={c.key}>
                {c.cell(row)}
              </td>
            ))}
          </tr>
        </tbody>
      </table>
    </MantineProvider>,
  );
  return (key: string) => document.querySelector(`td[data-key="${key}"]`)?.textContent;
}

describe('generator list columns', () => {
  it("a GMG in Auto shows 'Auto', a running one 'GMG ON'", () => {
    const cell = cellsOf('geradores', deviceRow({ modoWeb: 8, statusGMG: 64, LoadSpeed: 72 }));
    expect(cell('info:modoWeb')).toBe('Auto');
    expect(cell('info:statusGMG')).toBe('GMG ON');
    expect(cell('info:LoadSpeed')).toBe('72');
    expect(cell('comunicacao')).toBe('Online');
  });

  it("an offline one shows 'DESATUALIZADO' and no status", () => {
    const cell = cellsOf('geradores', deviceRow({ modoWeb: 8, statusGMG: 64 }, silentFor(50)));
    expect(cell('comunicacao')).toBe('DESATUALIZADO');
    expect(cell('info:statusGMG')).toBe('---');
    expect(screen.getByText('DESATUALIZADO')).toBeInTheDocument();
  });

  it('every list asks for the readings its columns show', () => {
    for (const definition of Object.values(DEVICE_LISTS)) {
      const shown = definition
        .columns(ctx)
        .map((c) => c.key)
        .filter((key) => key.startsWith('info:'))
        .map((key) => key.slice('info:'.length));
      for (const nome of shown)
        expect(definition.nomes, `${definition.id}: ${nome}`).toContain(nome);
      for (const r of definition.cardReadings) expect(definition.nomes).toContain(r.nome);
    }
  });

  it('identity first, then readings; place, alarm, connection, date and model hide on phones', () => {
    const columns = DEVICE_LISTS.ups.columns(ctx);
    expect(columns.slice(0, 2).map((c) => c.key)).toEqual(['patrimonio', 'nome']);
    const hidden = columns.filter((c) => c.category).map((c) => c.category);
    expect(hidden).toEqual(['site', 'uf', 'alarm', 'connection', 'equipment']);
    expect(columns.find((c) => c.key === 'ultimaLeitura')?.kind).toBe('date');
  });

  it('UPS list: backup time, charge level, battery voltage and output load level', () => {
    const cell = cellsOf(
      'ups',
      deviceRow(
        { autonomia: 52.4, cargaBateria: 100, Vbat: 540, cargaPercent: 45, statusUPS1: 2 },
        { tipo: 'ups' },
      ),
    );
    expect(cell('info:autonomia')).toBe('52');
    expect(cell('info:cargaBateria')).toBe('100,00');
    expect(cell('info:Vbat')).toBe('540,00');
    expect(cell('info:cargaPercent')).toBe('45,00');
  });

  it('TFR list: mains and bus kW', () => {
    const cell = cellsOf('tfrs', deviceRow({ redekW: 1630.7, barrakW: 1655.5 }, { tipo: 'tfr' }));
    expect(cell('info:redekW')).toBe('1630,70');
    expect(cell('info:barrakW')).toBe('1655,50');
  });
});

describe('energy variant of the generator list', () => {
  it('pairs each generator with the QTA of its place in its system', () => {
    const generator = {
      ...deviceRow({ kW: 10 }),
      energia: { energia24h: 5, energia24hAnterior: 4, diferenca: 1, diferencaPorcentagem: 25 },
    };
    const qta = deviceRow({ statusRede: 0 }, { id: 2, tipo: 'qta' });
    const elsewhere = deviceRow({}, { id: 3, tipo: 'qta', localNome: 'Outro lugar' });
    const [row] = pairTransferPanels([generator], [elsewhere, qta]);
    expect(row?.qta?.id).toBe(2);
    const variation = energyGeneratorColumns(ctx).find((c) => c.key === 'variacao');
    expect(row && variation?.cell(row)).toBe('+25,00%');
    expect(pairTransferPanels([generator], [])[0]?.qta).toBeNull();
  });
});

describe('headers read in full', () => {
  it('a column is widened to its header, sortable ones with room for the icon', () => {
    const [plain, sortable, wide] = fitHeaders([
      { key: 'a', header: 'Demanda Máx. (kW)', cell: () => '', width: 80 },
      { key: 'b', header: 'Demanda Máx. (kW)', cell: () => '', width: 80, sortable: true },
      { key: 'c', header: 'UF', cell: () => '', width: 64 },
    ]);
    expect(plain?.width).toBeGreaterThan(160);
    expect(sortable?.width).toBeGreaterThan(plain?.width ?? 0);
    expect(wide?.width).toBe(64);
  });
});
