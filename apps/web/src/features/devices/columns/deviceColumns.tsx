import { DEVICE_ORDER_FIELDS, type DeviceRow } from '@vigia/contract';
import {
  deviceTypeLabel,
  formatDateTime,
  formatText,
  notCurrentNote,
  rowCommunication,
} from '@vigia/domain';
import { PhoneQualityMarker } from '../../../ui/NotCurrentValue';
import type { ListColumn } from '../../../ui/table/types';
import { DisplayCell } from './DisplayCell';
import { alarmCount, type Display, reading, signal } from './decode';
import { DATE_WIDTH, fitHeaders } from './fitHeaders';
import { valueColumns } from './notCurrent';

/** What a column needs besides the row. */
export interface ColumnContext {
  /** Epoch seconds the communication rule compares against. */
  nowSec: number;
}

export type DeviceColumn = ListColumn<DeviceRow>;

/** The fields every device-like row (device list, analysis and tank rows) carries. */
export type BaseRow = Pick<
  DeviceRow,
  | 'patrimonio'
  | 'nome'
  | 'tipo'
  | 'localNome'
  | 'uf'
  | 'alarmTreeMapValue'
  | 'resumoComunicacao'
  | 'ultimaLeitura'
>;

/** Fields the device list can order by (server `orderBy`). */
export const DEVICE_SORT_KEYS: ReadonlySet<string> = new Set(DEVICE_ORDER_FIELDS);

/** A column showing a decoded state as a badge. */
export function stateColumn<T>(
  key: string,
  header: string,
  decode: (row: T) => Display,
  extra: Partial<ListColumn<T>> = {},
): ListColumn<T> {
  return {
    key,
    header,
    width: 130,
    cell: (row) => <DisplayCell display={decode(row)} badge />,
    title: (row) => decode(row).text,
    ...extra,
  };
}

/** A number whose text carries a severity colour. */
export function toneNumberColumn<T>(
  key: string,
  header: string,
  decode: (row: T) => Display,
  extra: Partial<ListColumn<T>> = {},
): ListColumn<T> {
  return {
    key,
    header,
    kind: 'number',
    width: 110,
    cell: (row) => <DisplayCell display={decode(row)} />,
    title: (row) => decode(row).text,
    ...extra,
  };
}

/** A numeric reading of a device row: domain decimals unless `format` says otherwise. */
export function readingColumn(
  nome: string,
  header: string,
  extra: Partial<DeviceColumn> & { format?: (row: DeviceRow) => string } = {},
): DeviceColumn {
  const { format, ...rest } = extra;
  const text = format ?? ((row: DeviceRow) => reading(row, nome));
  return { key: `info:${nome}`, header, kind: 'number', width: 110, cell: text, ...rest };
}

/** A reading of a device row whose number carries a severity colour. */
export function toneReadingColumn(
  nome: string,
  header: string,
  decode: (row: DeviceRow) => Display,
  extra: Partial<DeviceColumn> = {},
): DeviceColumn {
  return toneNumberColumn(`info:${nome}`, header, decode, extra);
}

/** Identity columns first: the asset number and name stay on phones. */
export function identityColumns<T extends BaseRow>(
  sortable: ReadonlySet<string>,
  ctx?: ColumnContext,
): ListColumn<T>[] {
  return [
    {
      key: 'patrimonio',
      header: 'Patrimônio',
      width: 120,
      sortable: sortable.has('patrimonio'),
      required: true,
      cell: (row) => {
        if (!ctx) return row.patrimonio;
        const display = rowCommunication(row, ctx.nowSec);
        const note = notCurrentNote(display, row.ultimaLeitura);
        if (display.quality === 'online' || note === null) return row.patrimonio;
        return (
          <>
            <PhoneQualityMarker quality={display.quality} note={note} />
            {row.patrimonio}
          </>
        );
      },
      title: (row) => row.patrimonio,
    },
    {
      key: 'nome',
      header: 'Nome',
      width: 260,
      sortable: sortable.has('nome'),
      cell: (row) => row.nome,
    },
  ];
}

export function typeColumn<T extends BaseRow>(sortable: ReadonlySet<string>): ListColumn<T> {
  return {
    key: 'tipo',
    header: 'Tipo',
    width: 110,
    sortable: sortable.has('tipo'),
    cell: (row) => deviceTypeLabel(row.tipo),
  };
}

/**
 * The row's state marker, next to its identity: 'Online' in plain grey (a
 * normal state takes no colour), 'DESATUALIZADO', 'SEM COMUNICAÇÃO' or
 * 'NUNCA COMUNICOU' as a badge with the time of the last reading in its title
 * (a row has no room for it beside the badge; cards write it).
 */
export function communicationColumn<T extends BaseRow>(ctx: ColumnContext): ListColumn<T> {
  return {
    key: 'comunicacao',
    header: 'Comunicação',
    width: 170,
    category: 'connection',
    cell: (row) => {
      const { quality, text, tone } = rowCommunication(row, ctx.nowSec);
      return (
        <DisplayCell
          display={quality === 'online' ? { text } : { text, tone }}
          badge={quality !== 'online'}
        />
      );
    },
    title: (row) => {
      const display = rowCommunication(row, ctx.nowSec);
      return notCurrentNote(display, row.ultimaLeitura) ?? display.text;
    },
  };
}

/** Where the device is, its alarms and last reading. */
export function placeColumns<T extends BaseRow>(sortable: ReadonlySet<string>): ListColumn<T>[] {
  return [
    {
      key: 'localNome',
      header: 'Local',
      width: 220,
      sortable: sortable.has('localNome'),
      category: 'site',
      cell: (row) => formatText(row.localNome),
    },
    {
      key: 'uf',
      header: 'UF',
      width: 64,
      sortable: sortable.has('uf'),
      category: 'uf',
      cell: (row) => formatText(row.uf),
    },
    {
      key: 'alarmTreeMapValue',
      header: 'Alarmes',
      kind: 'number',
      width: 96,
      sortable: sortable.has('alarmTreeMapValue'),
      category: 'alarm',
      cell: (row) => <DisplayCell display={alarmCount(row.alarmTreeMapValue)} badge />,
      title: (row) => String(row.alarmTreeMapValue),
    },
    {
      key: 'ultimaLeitura',
      header: 'Última Leitura',
      kind: 'date',
      width: DATE_WIDTH,
      sortable: sortable.has('ultimaLeitura'),
      cell: (row) => formatDateTime(row.ultimaLeitura),
    },
  ];
}

/** The device model and modem signal: chosen in the column chooser. */
export function deviceDetailColumns(): DeviceColumn[] {
  return [
    {
      key: 'equipamento',
      header: 'Equipamento',
      width: 240,
      category: 'equipment',
      defaultHidden: true,
      cell: (row) => formatText(row.equipamento),
    },
    {
      key: 'netAntenaSignal',
      header: 'Sinal',
      kind: 'number',
      width: 80,
      defaultHidden: true,
      cell: (row) => signal(row),
    },
  ];
}

/**
 * A device list: identity, its communication marker, the type's reading
 * columns (drawn as not current while the device is silent), then place and
 * last reading.
 */
export function deviceListColumns(
  ctx: ColumnContext,
  readings: DeviceColumn[],
  options: { tipo?: boolean } = {},
): DeviceColumn[] {
  return fitHeaders([
    ...identityColumns<DeviceRow>(DEVICE_SORT_KEYS, ctx),
    ...(options.tipo ? [typeColumn<DeviceRow>(DEVICE_SORT_KEYS)] : []),
    communicationColumn<DeviceRow>(ctx),
    ...valueColumns(readings, ctx),
    ...placeColumns<DeviceRow>(DEVICE_SORT_KEYS),
    ...deviceDetailColumns(),
  ]);
}
