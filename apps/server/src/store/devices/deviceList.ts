import type { DeviceOrderField, DeviceRow, OrderBy } from '@vigia/contract';
import { infoValue, isGeneratorRunning, isOnline } from '@vigia/domain';
import type { Kysely } from 'kysely';
import type { Database } from '../schema.js';
import { type DeviceStatic, paramValue } from './catalog.js';
import { buildDeviceRows } from './deviceRows.js';
import type { DeviceSelection } from './deviceSelection.js';
import {
  countActiveAlarms,
  type DeviceRecord,
  loadInfos,
  selectDeviceStatics,
  selectDevices,
  withLastSeen,
} from './deviceStore.js';
import { type Page, pageOf, type SortKey, sortRowsRemembered, textMatcher } from './listing.js';

export interface DeviceListOptions {
  filtroTexto?: string;
  orderBy?: OrderBy<DeviceOrderField>;
  offSet: number;
  limit: number;
  /** Readings to list in `infos`; absent: all. */
  nomes?: readonly string[];
  /** Keep generators that are on (true) or the devices that are not (false). */
  funcionando?: boolean;
  regime?: string;
  /** Keep the devices whose data is current ('online') or not ('offline': stale or silent). */
  comunicacao?: 'online' | 'offline';
  nowSec: number;
}

/** The status word whose bit 64 says a generator is on (spec 001 §4). */
export const GENERATOR_STATUS_READING = 'statusGMG';

/** Text a `filtroTexto` is matched against. */
export const deviceSearchFields = (d: DeviceStatic) => [
  d.nome,
  d.patrimonio,
  d.localNome,
  d.uf,
  d.tipo,
  d.equipamento,
];

export function deviceRegime(device: DeviceStatic): string | null {
  const regime = paramValue(device, 'regime');
  return typeof regime === 'string' ? regime : null;
}

/** Whether each device is a generator that is on: status bit 64 and online (domain). */
export async function runningGenerators(
  db: Kysely<Database>,
  devices: readonly DeviceRecord[],
  nowSec: number,
): Promise<Set<number>> {
  const status = await loadInfos(
    db,
    devices.map((d) => d.id),
    [GENERATOR_STATUS_READING],
  );
  const running = new Set<number>();
  for (const d of devices) {
    const bits = infoValue(
      (status.get(d.id) ?? []).map((i) => ({ nome: i.nome, valorAtual: i })),
      GENERATOR_STATUS_READING,
    );
    if (isGeneratorRunning(bits, isOnline({ lastReadingTs: d.lastSeenAt }, nowSec))) {
      running.add(d.id);
    }
  }
  return running;
}

/** A device as a list sorts it: its last reading time only when the list read it. */
type ListedDevice = DeviceStatic & { lastSeenAt?: number | null };

function sortKeys<T extends ListedDevice>(
  orderBy: OrderBy<DeviceOrderField> | undefined,
  alarms: Map<number, number> | undefined,
): SortKey<T>[] {
  const desc = orderBy?.desc ?? false;
  switch (orderBy?.campo ?? 'nome') {
    case 'nome':
      return [{ value: (d) => d.nome, desc }];
    case 'patrimonio':
      return [{ value: (d) => d.patrimonio, desc }, { value: (d) => d.localNome }];
    case 'tipo':
      return [{ value: (d) => d.tipo, desc }, { value: (d) => d.nome }];
    case 'localNome':
      return [{ value: (d) => d.localNome, desc }, { value: (d) => d.nome }];
    case 'uf':
      return [
        { value: (d) => d.uf, desc },
        { value: (d) => d.localNome },
        { value: (d) => d.nome },
      ];
    case 'id':
      return [{ value: (d) => d.id, desc }];
    case 'ultimaLeitura':
      return [{ value: (d) => d.lastSeenAt, desc }, { value: (d) => d.nome }];
    case 'alarmTreeMapValue':
      return [{ value: (d) => alarms?.get(d.id) ?? 0, desc }, { value: (d) => d.nome }];
  }
}

/**
 * The device list: the selection from the store (one query), then text
 * filter, state filters, pt-BR sort and the page in memory, then the page's
 * readings and alarm counts (one query each). When neither a filter nor the
 * order needs every device's last reading time, the selection reads none
 * (`selectDeviceStatics`) and the page's are read with its readings.
 */
export async function listDevices(
  db: Kysely<Database>,
  selection: DeviceSelection,
  options: DeviceListOptions,
): Promise<Page<DeviceRow>> {
  const rowsOf = async (page: Page<DeviceRecord>, alarms: Map<number, number> | undefined) => ({
    total: page.total,
    itens: await buildDeviceRows(db, page.itens, {
      nomes: options.nomes,
      nowSec: options.nowSec,
      alarms,
    }),
  });
  const everySeen =
    options.comunicacao !== undefined ||
    options.funcionando !== undefined ||
    options.orderBy?.campo === 'ultimaLeitura';
  if (!everySeen) {
    const devices = keepMatching(await selectDeviceStatics(db, selection), options);
    const { page, alarms } = await orderedPage(db, devices, selection, options);
    return rowsOf({ total: page.total, itens: await withLastSeen(db, page.itens) }, alarms);
  }
  let devices = keepMatching(await selectDevices(db, selection), options);
  if (options.comunicacao !== undefined) {
    const wanted = options.comunicacao === 'online';
    devices = devices.filter(
      (d) =>
        isOnline({ lastReadingTs: d.lastSeenAt, isMeter: d.tipo === 'medidor' }, options.nowSec) ===
        wanted,
    );
  }
  if (options.funcionando !== undefined) {
    const running = await runningGenerators(db, devices, options.nowSec);
    devices = devices.filter((d) => running.has(d.id) === options.funcionando);
  }
  const { page, alarms } = await orderedPage(db, devices, selection, options);
  return rowsOf(page, alarms);
}

/** The text and regime filters: what a device's description alone decides. */
function keepMatching<T extends DeviceStatic>(devices: T[], options: DeviceListOptions): T[] {
  const match = textMatcher(options.filtroTexto);
  let kept = devices;
  if (match) kept = kept.filter((d) => match(deviceSearchFields(d)));
  if (options.regime !== undefined) kept = kept.filter((d) => deviceRegime(d) === options.regime);
  return kept;
}

/** The devices in the list's order, and the asked page of them. */
async function orderedPage<T extends ListedDevice>(
  db: Kysely<Database>,
  devices: T[],
  selection: DeviceSelection,
  options: DeviceListOptions,
) {
  const alarms =
    options.orderBy?.campo === 'alarmTreeMapValue'
      ? await countActiveAlarms(db, { systemIds: selection.systemIds })
      : undefined;
  const order = options.orderBy ?? { campo: 'nome', desc: false };
  sortRowsRemembered(
    devices,
    sortKeys<T>(options.orderBy, alarms),
    (d) => d.id,
    `devices:${order.campo}:${order.desc ? 'desc' : 'asc'}`,
  );
  return { page: pageOf(devices, options.offSet, options.limit), alarms };
}
