import type { ReadingBuffer } from '../readingsWriter.js';

/**
 * One tag's readings of one closed hour as a single value (`reading_packs.pontos`):
 *
 *   u8 version (1) · u8 flags · u16 n · [u8 qos]  · u16 offset[n] · values · [u8 qos[n]]
 *
 * Offsets are seconds into the hour, increasing. Values are float64 (exact),
 * int32 when every value of the hour is one (counters, status words), or a
 * single float64 when the hour never changed. One qos byte when the hour has
 * one quality, else one per reading. Little-endian throughout.
 */

const VERSION = 1;
const ONE_QOS = 1;
const INT_VALUES = 2;
const ONE_VALUE = 4;
const HEADER = 4;

export const PACK_HOUR_S = 3600;

/** The start of the pack hour holding `ts`. */
export const hourOf = (ts: number) => Math.floor(ts / PACK_HOUR_S) * PACK_HOUR_S;

function allSame(values: ArrayLike<number>, from: number, to: number): boolean {
  const first = values[from];
  for (let i = from + 1; i < to; i++) if (!Object.is(values[i], first)) return false;
  return true;
}

function allInt32(values: ArrayLike<number>, from: number, to: number): boolean {
  for (let i = from; i < to; i++) {
    const v = values[i] as number;
    if ((v | 0) !== v || Object.is(v, -0)) return false;
  }
  return true;
}

/**
 * Rows [from, to) of `rows`, one tag's readings inside the hour starting at
 * `hour`, in increasing time with no time twice.
 */
export function encodePack(hour: number, rows: ReadingBuffer, from: number, to: number): Buffer {
  const n = to - from;
  if (n <= 0 || n > PACK_HOUR_S) throw new RangeError(`pack of ${n} readings`);
  const oneQos = allSame(rows.qos, from, to);
  const oneValue = allSame(rows.valores, from, to);
  const intValues = !oneValue && allInt32(rows.valores, from, to);
  const valueBytes = oneValue ? 8 : intValues ? 4 * n : 8 * n;
  const size = HEADER + (oneQos ? 1 : n) + 2 * n + valueBytes;
  const bytes = Buffer.alloc(size);
  const view = new DataView(bytes.buffer, bytes.byteOffset, size);
  view.setUint8(0, VERSION);
  view.setUint8(
    1,
    (oneQos ? ONE_QOS : 0) | (intValues ? INT_VALUES : 0) | (oneValue ? ONE_VALUE : 0),
  );
  view.setUint16(2, n, true);
  let at = HEADER;
  if (oneQos) view.setUint8(at++, rows.qos[from] as number);
  let previous = -1;
  for (let i = from; i < to; i++, at += 2) {
    const offset = (rows.ts[i] as number) - hour;
    if (!Number.isInteger(offset) || offset <= previous || offset >= PACK_HOUR_S) {
      throw new RangeError(`reading at ${rows.ts[i]} out of order for the hour ${hour}`);
    }
    previous = offset;
    view.setUint16(at, offset, true);
  }
  if (oneValue) {
    view.setFloat64(at, rows.valores[from] as number, true);
    at += 8;
  } else if (intValues) {
    for (let i = from; i < to; i++, at += 4) view.setInt32(at, rows.valores[i] as number, true);
  } else {
    for (let i = from; i < to; i++, at += 8) view.setFloat64(at, rows.valores[i] as number, true);
  }
  if (!oneQos) for (let i = from; i < to; i++) view.setUint8(at++, rows.qos[i] as number);
  return bytes;
}

/** How many readings a pack holds, without decoding it. */
export function packSize(bytes: Uint8Array): number {
  return new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength).getUint16(2, true);
}

/**
 * Appends the pack's readings of tag `tagId` within [inicio, fim] (epoch
 * seconds, inclusive) to `out`, in time order.
 */
export function decodePack(
  tagId: number,
  hour: number,
  bytes: Uint8Array,
  out: ReadingBuffer,
  inicio = Number.NEGATIVE_INFINITY,
  fim = Number.POSITIVE_INFINITY,
): void {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (view.getUint8(0) !== VERSION)
    throw new Error(`unknown reading pack version ${view.getUint8(0)}`);
  const flags = view.getUint8(1);
  const n = view.getUint16(2, true);
  const oneQos = (flags & ONE_QOS) !== 0;
  let at = HEADER;
  const qos0 = oneQos ? view.getUint8(at++) : 0;
  const offsets = at;
  const values = offsets + 2 * n;
  const valueBytes = flags & ONE_VALUE ? 8 : flags & INT_VALUES ? 4 * n : 8 * n;
  const qosAt = values + valueBytes;
  for (let i = 0; i < n; i++) {
    const ts = hour + view.getUint16(offsets + 2 * i, true);
    if (ts < inicio) continue;
    if (ts > fim) break;
    const valor =
      flags & ONE_VALUE
        ? view.getFloat64(values, true)
        : flags & INT_VALUES
          ? view.getInt32(values + 4 * i, true)
          : view.getFloat64(values + 8 * i, true);
    out.push(tagId, ts, valor, oneQos ? qos0 : view.getUint8(qosAt + i));
  }
}
