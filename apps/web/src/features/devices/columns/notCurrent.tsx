import { type CommunicatingRow, notCurrentNote, rowCommunication } from '@vigia/domain';
import { NotCurrentValue } from '../../../ui/NotCurrentValue';
import type { ListColumn } from '../../../ui/table/types';

/** The plain text of a cell: its title, or the cell itself when it is a string. */
function plainText<T>(column: ListColumn<T>, row: T): string {
  const title = column.title?.(row);
  if (title !== undefined) return title;
  const content = column.cell(row);
  return typeof content === 'string' || typeof content === 'number' ? String(content) : '';
}

/**
 * A value column drawn as not current while its device (the row, or the one
 * `deviceOf` names) is stale or offline: muted, without the tone its old data
 * would have (never a green 'Normal'), with the state and the time of the last
 * reading in its title. Online, the column is unchanged.
 */
export function notCurrentWhenSilent<T>(
  column: ListColumn<T>,
  ctx: { nowSec: number },
  deviceOf: (row: T) => CommunicatingRow | null,
): ListColumn<T> {
  const note = (row: T) => {
    const device = deviceOf(row);
    if (!device) return null;
    const display = rowCommunication(device, ctx.nowSec);
    const text = notCurrentNote(display, device.ultimaLeitura);
    return text === null || display.quality === 'online'
      ? null
      : { quality: display.quality, text };
  };
  return {
    ...column,
    cell: (row) => {
      const silent = note(row);
      if (!silent) return column.cell(row);
      return (
        <NotCurrentValue quality={silent.quality} note={silent.text}>
          {plainText(column, row)}
        </NotCurrentValue>
      );
    },
    title: (row) => {
      const silent = note(row);
      if (!silent) return column.title?.(row);
      return `${plainText(column, row)} (${silent.text})`;
    },
  };
}

/** The value columns of a device-like row, each drawn as not current while the row's device is silent. */
export function valueColumns<T extends CommunicatingRow>(
  columns: readonly ListColumn<T>[],
  ctx: { nowSec: number },
): ListColumn<T>[] {
  return columns.map((column) => notCurrentWhenSilent(column, ctx, (row) => row));
}
