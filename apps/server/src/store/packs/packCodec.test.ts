import { describe, expect, it } from 'vitest';
import { ReadingBuffer } from '../readingsWriter.js';
import { decodePack, encodePack, packSize } from './packCodec.js';

const HOUR = 1_783_684_800; // an hour boundary

function rowsOf(points: readonly [offset: number, valor: number, qos?: number][]): ReadingBuffer {
  const rows = new ReadingBuffer(1);
  for (const [offset, valor, qos] of points) rows.push(7, HOUR + offset, valor, qos ?? 0);
  return rows;
}

function roundTrip(rows: ReadingBuffer, inicio?: number, fim?: number) {
  const bytes = encodePack(HOUR, rows, 0, rows.length);
  const out = new ReadingBuffer(1);
  decodePack(7, HOUR, bytes, out, inicio, fim);
  return { bytes, out };
}

const plain = (rows: ReadingBuffer) =>
  Array.from({ length: rows.length }, (_, i) => [
    rows.tagIds[i],
    rows.ts[i],
    rows.valores[i],
    rows.qos[i],
  ]);

describe('reading packs', () => {
  it('give back every reading exactly: fractional values, one quality per reading', () => {
    const rows = rowsOf([
      [0, 229.87345678901, 0],
      [10, -1e-300, 3],
      [20, Number.MAX_VALUE, 255],
      [3599, 0.1 + 0.2, 0],
    ]);
    const { bytes, out } = roundTrip(rows);
    expect(plain(out)).toEqual(plain(rows));
    expect(bytes.length).toBe(4 + 4 + 2 * 4 + 8 * 4);
    expect(packSize(bytes)).toBe(4);
  });

  it('keep whole values in 4 bytes and an unchanged hour in one value', () => {
    const ints = rowsOf([
      [0, 3],
      [60, -2_147_483_648],
      [120, 2_147_483_647],
    ]);
    const intPack = roundTrip(ints);
    expect(plain(intPack.out)).toEqual(plain(ints));
    expect(intPack.bytes.length).toBe(4 + 1 + 2 * 3 + 4 * 3);

    const flat = rowsOf(Array.from({ length: 360 }, (_, i) => [i * 10, 42.5] as [number, number]));
    const flatPack = roundTrip(flat);
    expect(plain(flatPack.out)).toEqual(plain(flat));
    expect(flatPack.bytes.length).toBe(4 + 1 + 2 * 360 + 8);

    // Past int32 is not whole in 4 bytes.
    const big = rowsOf([
      [0, 2_147_483_648],
      [1, 1],
    ]);
    expect(plain(roundTrip(big).out)).toEqual(plain(big));
  });

  it('decode only the readings inside a period', () => {
    const rows = rowsOf([
      [0, 1],
      [100, 2],
      [200, 3],
      [300, 4],
    ]);
    const { out } = roundTrip(rows, HOUR + 100, HOUR + 250);
    expect(Array.from(out.valores.subarray(0, out.length))).toEqual([2, 3]);
  });

  it('refuse readings out of order, repeated, or outside the hour', () => {
    const encode = (points: [number, number][]) => () => {
      const rows = rowsOf(points);
      encodePack(HOUR, rows, 0, rows.length);
    };
    expect(
      encode([
        [10, 1],
        [5, 2],
      ]),
    ).toThrow(RangeError);
    expect(
      encode([
        [10, 1],
        [10, 2],
      ]),
    ).toThrow(RangeError);
    expect(encode([[3600, 1]])).toThrow(RangeError);
    expect(encode([[-1, 1]])).toThrow(RangeError);
  });
});
