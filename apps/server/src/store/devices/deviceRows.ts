import type { DeviceInfoRow, DeviceRow, TagInfo, ValorAtual } from '@vigia/contract';
import { communicationSummary } from '@vigia/domain';
import type { Kysely } from 'kysely';
import { nextTurn } from '../readingSeek.js';
import type { Database } from '../schema.js';
import {
  countActiveAlarms,
  type DeviceRecord,
  type InfoRecord,
  loadInfos,
  SIGNAL_READING,
} from './deviceStore.js';

/** A reading's newest value, null when none arrived. */
function valorAtualOf(info: InfoRecord): ValorAtual | null {
  return info.valor === null || info.ts === null
    ? null
    : { valor: info.valor, ts: info.ts, qos: info.qos ?? 0 };
}

export function infoRow(info: InfoRecord): DeviceInfoRow {
  return {
    nome: info.nome,
    apelido: info.apelido,
    unidade: info.unidade,
    valorAtual: valorAtualOf(info),
  };
}

/** Spec 001 §3 "Tag info": a device's tags (all, or the `nomes` ones) with value, scale and nominal. */
export async function tagInfos(
  db: Kysely<Database>,
  deviceId: number,
  nomes?: readonly string[],
): Promise<TagInfo[]> {
  const infos = (await loadInfos(db, [deviceId], nomes)).get(deviceId) ?? [];
  return infos.map((info) => ({
    id: info.tagId,
    nome: info.nome,
    apelido: info.apelido,
    unidade: info.unidade,
    dispositivo_id: deviceId,
    valorAtual: valorAtualOf(info),
    scaleMax: info.scaleMax,
    scaleMin: info.scaleMin,
    nominal: info.nominal,
  }));
}

/** What describes a device on every screen: the fields a device row and a site page share. */
export function deviceFields(device: DeviceRecord, nowSec: number) {
  return {
    id: device.id,
    nome: device.nome,
    patrimonio: device.patrimonio,
    tipo: device.tipo,
    templateDispositivoId: device.templateId,
    equipamento: device.equipamento,
    localNome: device.localNome,
    uf: device.uf,
    lat: device.lat,
    longi: device.lon,
    sisId: device.systemId,
    resumoComunicacao: communicationSummary(device.lastSeenAt, nowSec),
    ultimaLeitura: device.lastSeenAt,
    // The catalogue's list is shared and frozen; each answer carries its own.
    params: [...device.params],
  };
}

/**
 * The spec's device row. `infos` holds the readings passed in; the signal
 * reading feeds `netAntenaSignal` and is listed only when `withSignal`.
 */
export function toDeviceRow(
  device: DeviceRecord,
  infos: readonly InfoRecord[],
  alarmCount: number,
  nowSec: number,
  withSignal = true,
): DeviceRow {
  let signal: number | null = null;
  const rows: DeviceInfoRow[] = [];
  for (const info of infos) {
    if (info.nome === SIGNAL_READING) {
      signal = info.valor;
      if (!withSignal) continue;
    }
    rows.push(infoRow(info));
  }
  return {
    ...deviceFields(device, nowSec),
    usinaId: device.usinaId,
    scdId: device.scdId,
    venueId: device.venueId,
    grupoId: device.groupId,
    energyCenterId: device.energyCenterId,
    netAntenaSignal: signal,
    alarmTreeMapValue: alarmCount,
    infos: rows,
  };
}

/**
 * Rows for `devices` (kept in their order): their readings (all, or the
 * `nomes` ones) in one query and their alarm counts in another, unless the
 * counts are given or came with the devices.
 */
export async function buildDeviceRows(
  db: Kysely<Database>,
  devices: readonly DeviceRecord[],
  options: { nomes?: readonly string[]; nowSec: number; alarms?: Map<number, number> },
): Promise<DeviceRow[]> {
  if (devices.length === 0) return [];
  const ids = devices.map((d) => d.id);
  const nomes = options.nomes;
  const withSignal = !nomes || nomes.includes(SIGNAL_READING);
  const counted = devices.every((d) => d.alarmCount !== undefined);
  const wanted = nomes && !withSignal ? [...nomes, SIGNAL_READING] : nomes;
  const counting =
    options.alarms ?? (counted ? undefined : countActiveAlarms(db, { deviceIds: ids }));
  // A slice of the devices at a time, the event loop served between them: 1,000
  // generators with every reading are 29,000 values to read and shape (150–200 ms at once).
  const rows: DeviceRow[] = [];
  for (let i = 0; i < devices.length; i += DEVICES_PER_TURN) {
    if (i > 0) await nextTurn();
    const slice = devices.slice(i, i + DEVICES_PER_TURN);
    const [infos, alarms] = await Promise.all([
      loadInfos(
        db,
        slice.map((d) => d.id),
        wanted,
      ),
      counting,
    ]);
    for (const d of slice) {
      rows.push(
        toDeviceRow(
          d,
          infos.get(d.id) ?? [],
          alarms?.get(d.id) ?? d.alarmCount ?? 0,
          options.nowSec,
          withSignal,
        ),
      );
    }
  }
  return rows;
}

/**
 * Devices whose readings are read and shaped per turn of the event loop: 200 generators
 * with every reading took 15–17 ms a turn (35 ms with a collection in it) on a 2-core machine.
 */
const DEVICES_PER_TURN = 100;

export const nowSec = (): number => Math.floor(Date.now() / 1000);
