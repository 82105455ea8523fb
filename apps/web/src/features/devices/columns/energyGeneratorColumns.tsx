import type { DeviceRow, EnergyDeviceRow } from '@vigia/contract';
import { formatNumber, PLACEHOLDER_NUMBER } from '@vigia/domain';
import type { ListColumn } from '../../../ui/table/types';
import { DisplayCell } from './DisplayCell';
import {
  generatorModeOf,
  generatorStatusOf,
  loadSpeed,
  mainsStatusOf,
  mainsSwitch,
  reading,
} from './decode';
import {
  type ColumnContext,
  communicationColumn,
  identityColumns,
  placeColumns,
  stateColumn,
} from './deviceColumns';
import { fitHeaders } from './fitHeaders';
import { notCurrentWhenSilent, valueColumns } from './notCurrent';

/** A generator of the energy variant with the transfer panel (QTA) of its site, when there is one. */
export type EnergyGeneratorRow = EnergyDeviceRow & { qta: DeviceRow | null };

const NO_SORT: ReadonlySet<string> = new Set();

/** Pairs each generator with the QTA at the same place of the same system. */
export function pairTransferPanels(
  generators: readonly EnergyDeviceRow[],
  panels: readonly DeviceRow[],
): EnergyGeneratorRow[] {
  const byPlace = new Map(panels.map((p) => [`${p.sisId}|${p.localNome}`, p]));
  return generators.map((g) => ({ ...g, qta: byPlace.get(`${g.sisId}|${g.localNome}`) ?? null }));
}

function variation(row: EnergyGeneratorRow): string {
  const percent = row.energia.diferencaPorcentagem;
  if (percent === null) return PLACEHOLDER_NUMBER;
  return `${percent > 0 ? '+' : ''}${formatNumber(percent, 2)}%`;
}

function qtaCell(row: EnergyGeneratorRow, decode: (qta: DeviceRow) => { text: string }) {
  return row.qta ? decode(row.qta).text : PLACEHOLDER_NUMBER;
}

/**
 * The second generator list (systems configured for it): kW, kVA, load speed,
 * oil temperature, energy of the last 24 h and the transfer-panel values of
 * the site (spec 001 §2 "Energy device list columns").
 */
export function energyGeneratorColumns(ctx: ColumnContext): ListColumn<EnergyGeneratorRow>[] {
  const generatorValues: ListColumn<EnergyGeneratorRow>[] = [
    stateColumn<EnergyGeneratorRow>('info:modoWeb', 'Modo', generatorModeOf, { width: 110 }),
    stateColumn<EnergyGeneratorRow>(
      'info:statusGMG',
      'Status',
      (row) => generatorStatusOf(row, ctx.nowSec),
      { width: 110 },
    ),
    { key: 'info:kW', header: 'kW', kind: 'number', width: 100, cell: (r) => reading(r, 'kW') },
    { key: 'info:kVA', header: 'kVA', kind: 'number', width: 100, cell: (r) => reading(r, 'kVA') },
    {
      key: 'info:LoadSpeed',
      header: 'Carga (%)',
      kind: 'number',
      width: 100,
      cell: (row) => <DisplayCell display={loadSpeed(row)} />,
      title: (row) => loadSpeed(row).text,
    },
    {
      key: 'info:OilTemp',
      header: 'Temp. Óleo (°C)',
      kind: 'number',
      width: 130,
      cell: (r) => reading(r, 'OilTemp'),
    },
  ];
  // Energy of the last 24 h is history: true whether or not the device talks now.
  const energyColumns: ListColumn<EnergyGeneratorRow>[] = [
    {
      key: 'energia24h',
      header: 'Energia 24h (kWh)',
      kind: 'number',
      width: 150,
      cell: (row) => formatNumber(row.energia.energia24h, 2, { grouping: true }),
    },
    {
      key: 'variacao',
      header: 'Variação',
      kind: 'number',
      width: 110,
      cell: (row) => variation(row),
    },
  ];
  // The QTA's values are as current as the QTA itself.
  const panelValues: ListColumn<EnergyGeneratorRow>[] = [
    stateColumn<EnergyGeneratorRow>(
      'qta:statusRede',
      'Rede (QTA)',
      (row) => (row.qta ? mainsStatusOf(row.qta) : { text: PLACEHOLDER_NUMBER }),
      { width: 120 },
    ),
    stateColumn<EnergyGeneratorRow>(
      'qta:chaveRede',
      'Chave Rede',
      (row) => (row.qta ? mainsSwitch(row.qta) : { text: PLACEHOLDER_NUMBER }),
      { width: 120 },
    ),
    {
      key: 'qta:redekW',
      header: 'kW Rede',
      kind: 'number',
      width: 100,
      cell: (row) => qtaCell(row, (qta) => ({ text: reading(qta, 'redekW') })),
    },
  ];
  return fitHeaders([
    ...identityColumns<EnergyGeneratorRow>(NO_SORT, ctx),
    communicationColumn<EnergyGeneratorRow>(ctx),
    ...valueColumns(generatorValues, ctx),
    ...energyColumns,
    ...panelValues.map((column) => notCurrentWhenSilent(column, ctx, (row) => row.qta)),
    ...placeColumns<EnergyGeneratorRow>(NO_SORT),
  ]);
}
