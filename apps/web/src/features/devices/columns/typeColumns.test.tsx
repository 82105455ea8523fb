import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { deviceRow, NOW_SEC, silentFor } from '../../../test/deviceFixtures.test-util';
import { DEVICE_LISTS } from '../lists';
import { typeColumn } from './deviceColumns';
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

  it('an empty tank on a unit with alarms is red, as its 88 % load is', () => {
    cellsOf('geradores', deviceRow({ fuelLevel: 0, LoadSpeed: 88 }, { alarmTreeMapValue: 2 }));
    for (const key of ['info:fuelLevel', 'info:LoadSpeed']) {
      const td = document.querySelector<HTMLElement>(`td[data-key="${key}"] [style]`);
      expect(td?.style.color, key).toBe('var(--mantine-color-red-9)');
    }
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

  it('identity and communication first, then readings; place, alarm, connection, date and model hide on phones', () => {
    const columns = DEVICE_LISTS.ups.columns(ctx);
    expect(columns.slice(0, 3).map((c) => c.key)).toEqual(['patrimonio', 'nome', 'comunicacao']);
    const hidden = columns.filter((c) => c.category).map((c) => c.category);
    expect(hidden).toEqual(['connection', 'site', 'uf', 'alarm', 'equipment']);
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

  it('TFR list: mains and bus kW, thousands grouped', () => {
    const cell = cellsOf('tfrs', deviceRow({ redekW: 1630.7, barrakW: 1655.5 }, { tipo: 'tfr' }));
    expect(cell('info:redekW')).toBe('1.630,70');
    expect(cell('info:barrakW')).toBe('1.655,50');
  });
});

/** The cells of a row's values: every column but identity, communication, place, alarms and the model. */
const NOT_VALUES = new Set([
  'patrimonio',
  'nome',
  'tipo',
  'comunicacao',
  'localNome',
  'uf',
  'alarmTreeMapValue',
  'ultimaLeitura',
  'equipamento',
  'netAntenaSignal',
]);

function valueCells() {
  return [...document.querySelectorAll<HTMLElement>('td[data-key]')].filter(
    (td) => !NOT_VALUES.has(td.dataset.key ?? ''),
  );
}

/** A cell drawn with a state colour: a badge or coloured text (`ui/tone.ts` sets them inline). */
function toned(td: HTMLElement): boolean {
  return [...td.querySelectorAll<HTMLElement>('[style]')].some((e) =>
    /color/.test(e.style.cssText),
  );
}

describe('values of a silent device are not current (issue 27)', () => {
  // QTA ERB Manaus: offline for days, its last data a 'Normal' mains with 45,60 kW.
  const readings = {
    statusRede: 0,
    chaveRede: 32768,
    chaveGrupo: 0,
    redekW: 45.6,
    kW: 0,
    modoWeb: 8,
  };

  it("an online QTA's mains state carries its tone", () => {
    const cell = cellsOf('qtas', deviceRow(readings, { tipo: 'qta' }));
    expect(cell('info:statusRede')).toBe('Normal');
    expect(cell('comunicacao')).toBe('Online');
    const mains = document.querySelector<HTMLElement>('td[data-key="info:statusRede"]');
    expect(mains && toned(mains)).toBe(true);
    expect(document.querySelector('[data-quality]')).toBeNull();
  });

  it("an offline QTA: 'SEM COMUNICAÇÃO' on the row, every value muted, no tone, the last reading in its title", () => {
    const cell = cellsOf('qtas', deviceRow(readings, { tipo: 'qta', ...silentFor(3 * 24 * 60) }));
    expect(cell('comunicacao')).toBe('SEM COMUNICAÇÃO');
    // Phones hide the communication column: the asset number carries the marker.
    expect(
      document.querySelector('td[data-key="patrimonio"] [data-quality-marker="offline"]'),
    ).not.toBeNull();
    expect(cell('info:redekW')).toBe('45,60');
    const values = valueCells();
    expect(values.length).toBeGreaterThan(5);
    for (const td of values) {
      expect(toned(td), td.dataset.key).toBe(false);
      const marked = td.querySelector<HTMLElement>('[data-quality="offline"]');
      expect(marked, td.dataset.key).not.toBeNull();
      expect(marked?.title).toMatch(/^SEM COMUNICAÇÃO · última leitura \d{2}\/\d{2}\/\d{4} /);
    }
  });

  it('a stale generator: load speed 88 % is not red, its values say DESATUALIZADO', () => {
    cellsOf('geradores', deviceRow({ LoadSpeed: 88, kW: 300, modoWeb: 8 }, silentFor(45)));
    for (const td of valueCells()) {
      expect(toned(td), td.dataset.key).toBe(false);
      expect(td.querySelector('[data-quality="stale"]'), td.dataset.key).not.toBeNull();
    }
  });

  it("the column's title says the value and why it is not current", () => {
    const column = DEVICE_LISTS.qtas.columns(ctx).find((c) => c.key === 'info:redekW');
    const row = deviceRow(readings, { tipo: 'qta', ...silentFor(45) });
    expect(column?.title?.(row)).toMatch(/^45,60 \(DESATUALIZADO · última leitura /);
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

describe("the 'Tipo' column", () => {
  it('names the type in pt-BR, never the internal tipo (issue 27)', () => {
    const tipo = typeColumn<ReturnType<typeof deviceRow>>(new Set());
    expect(tipo.cell(deviceRow({}, { tipo: 'transformer' }))).toBe('Transformador');
    expect(tipo.cell(deviceRow({}, { tipo: 'batmon' }))).toBe('Monitor de bateria');
    expect(tipo.cell(deviceRow({}, { tipo: 'io' }))).toBe('Módulo de I/O');
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
