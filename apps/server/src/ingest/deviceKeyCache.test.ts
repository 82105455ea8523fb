import { describe, expect, it } from 'vitest';
import { DeviceKeyCache } from './deviceKeyCache.js';

describe('DeviceKeyCache', () => {
  it('keeps a key a minute, and forgets a device’s keys at once', async () => {
    const cache = new DeviceKeyCache();
    let lookups = 0;
    const load = async (hash: string) => {
      lookups += 1;
      return hash === 'h7' ? 7 : hash === 'h8' ? 8 : undefined;
    };
    expect(await cache.deviceFor('h7', 0, load)).toBe(7);
    expect(await cache.deviceFor('h8', 0, load)).toBe(8);
    expect(await cache.deviceFor('h7', 59, load)).toBe(7);
    expect(lookups).toBe(2);
    cache.forgetDevices([7]);
    expect(await cache.deviceFor('h7', 59, () => Promise.resolve(undefined))).toBeUndefined();
    expect(await cache.deviceFor('h8', 59, load)).toBe(8);
    expect(lookups).toBe(2);
    expect(await cache.deviceFor('h8', 61, load)).toBe(8);
    expect(lookups).toBe(3);
  });

  it('does not keep a lookup that a forget overtook', async () => {
    const cache = new DeviceKeyCache();
    let answer: (id: number) => void = () => {};
    const pending = cache.deviceFor('h7', 0, () => new Promise((r) => (answer = r)));
    cache.forgetDevices([7]); // the key was rotated while it was being read
    answer(7);
    expect(await pending).toBe(7);
    expect(await cache.deviceFor('h7', 1, () => Promise.resolve(undefined))).toBeUndefined();
  });
});
