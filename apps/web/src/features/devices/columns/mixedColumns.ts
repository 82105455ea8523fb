import type { DeviceRow } from '@vigia/contract';
import type { CardReading } from '../lists';
import { cardView } from './card';
import { generatorStatusOf, mainsStatusOf } from './decode';
import {
  type ColumnContext,
  type DeviceColumn,
  deviceListColumns,
  stateColumn,
} from './deviceColumns';

/**
 * A list of devices of every type (a plant's, an SCD's, a venue's): the type,
 * the state that matters for it (a generator's GMG ON/OFF, a transfer
 * panel's mains) and its key readings in one cell.
 */
export function mixedColumns(
  ctx: ColumnContext,
  readingsOf: (row: DeviceRow) => readonly CardReading[],
): DeviceColumn[] {
  const state = (row: DeviceRow) => {
    if (row.tipo === 'gerador') return generatorStatusOf(row, ctx.nowSec);
    if (row.tipo === 'qta' || row.tipo === 'tfr') return mainsStatusOf(row);
    return { text: '' };
  };
  const summary = (row: DeviceRow) =>
    cardView(row, ctx.nowSec, readingsOf(row))
      .readings.map((r) => `${r.label} ${r.text}`)
      .join(' · ');
  return deviceListColumns(
    ctx,
    [
      stateColumn<DeviceRow>('estado', 'Estado', state, { width: 110 }),
      { key: 'leituras', header: 'Leituras', width: 320, cell: summary },
    ],
    { tipo: true },
  );
}
