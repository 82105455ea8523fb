import { describe, expect, it } from 'vitest';
import {
  groupSwitchState,
  mainsStatus,
  mainsStatusTone,
  mainsSwitchState,
  switchState,
  switchTone,
} from './switch.js';

describe('switch (chave) bits: 4096 Aberta, 16384 Fechada', () => {
  it.each([
    [4096, 'Aberta'],
    [16384, 'Fechada'],
    [4096 + 1, 'Aberta'],
    [0, null],
    [null, null],
  ])('bits %s → %s', (bits, expected) => {
    expect(switchState(bits)).toBe(expected);
  });
});

describe('In the general battery-style lists and mains panels, 32768 means FECHADA, null means unknown, otherwise ABERTA', () => {
  it.each([
    [32768, 'FECHADA'],
    [32768 + 256, 'FECHADA'],
    [0, 'ABERTA'],
    [16384, 'ABERTA'],
    [null, null],
    [undefined, null],
  ])('bits %s → %s', (bits, expected) => {
    expect(mainsSwitchState(bits)).toBe(expected);
  });
});

describe('Group switch: 1024 or 16384 means FECHADA, else ABERTA', () => {
  it.each([
    [1024, 'FECHADA'],
    [16384, 'FECHADA'],
    [1024 + 16384, 'FECHADA'],
    [4096, 'ABERTA'],
    [0, 'ABERTA'],
    [null, null],
  ])('bits %s → %s', (bits, expected) => {
    expect(groupSwitchState(bits)).toBe(expected);
  });
});

describe('Mains status: bit 256 Anormal, otherwise Normal', () => {
  it.each([
    [256, 'Anormal', 'bad'],
    [256 + 32768, 'Anormal', 'bad'],
    [0, 'Normal', 'good'],
    [32768, 'Normal', 'good'],
    [null, null, 'neutral'],
  ])('bits %s → %s', (bits, expected, tone) => {
    expect(mainsStatus(bits)).toBe(expected);
    expect(mainsStatusTone(bits)).toBe(tone);
  });

  it.each([
    ['FECHADA', 'info'],
    ['Fechada', 'info'],
    ['ABERTA', 'neutral'],
    [null, 'neutral'],
  ])('switch %s tone %s', (position, tone) => {
    expect(switchTone(position)).toBe(tone);
  });
});
