import { describe, expect, it } from 'vitest';
import { DeviceTags, MAX_MODEL_NAMES, NameSlots } from './deviceCache.js';

describe('DeviceTags', () => {
  it('keeps each device its own tag ids over names its model shares', () => {
    const model = new NameSlots();
    const a = new DeviceTags(model);
    const b = new DeviceTags(model);
    a.set('kW', 10);
    a.set('Hz', 11);
    b.set('Hz', 21);
    expect([a.get('kW'), a.get('Hz'), b.get('Hz'), b.get('kW')]).toEqual([10, 11, 21, undefined]);
    expect([a.has('kW'), b.has('kW'), a.has('RPM')]).toEqual([true, false, false]);
    expect([a.size, b.size]).toEqual([2, 1]);
    a.set('kW', 12);
    expect([a.get('kW'), a.size]).toEqual([12, 2]);
  });

  it('keeps the names past the model’s limit in the device’s own map', () => {
    const model = new NameSlots();
    const filler = new DeviceTags(model);
    for (let i = 0; i < MAX_MODEL_NAMES; i++) filler.set(`n${i}`, i + 1);
    const device = new DeviceTags(model);
    device.set('n0', 5000);
    device.set('outra', 5001);
    device.set('outra', 5002);
    expect([device.get('n0'), device.get('outra'), device.size]).toEqual([5000, 5002, 2]);
    expect(filler.has('outra')).toBe(false);
  });
});
