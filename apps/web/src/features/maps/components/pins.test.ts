import { describe, expect, it } from 'vitest';
import { gpsDevice, NOW_SEC } from './gpsFixtures.test-util';
import {
  communicationText,
  fanOffset,
  groupByPosition,
  PIN_LEGEND,
  pinColorOf,
  pinFill,
  pinLabel,
} from './pins';

describe('pin colour (spec 001 §4: online green, >1 dia offline gray, else red)', () => {
  it.each([
    ['online', 'green'],
    ['>1 dia offline', 'gray'],
    ['offline', 'red'],
    ['nunca comunicou', 'red'],
  ] as const)('%s → %s', (resumoComunicacao, color) => {
    expect(pinColorOf({ resumoComunicacao })).toBe(color);
  });

  it('each colour has its own fill and a legend entry', () => {
    const fills = new Set(PIN_LEGEND.map(({ color }) => pinFill(color)));
    expect(fills.size).toBe(3);
    expect(PIN_LEGEND.map((entry) => entry.color).sort()).toEqual(['gray', 'green', 'red']);
  });
});

describe('pins at one position', () => {
  it('groups devices by position, keeping their order', () => {
    const a = gpsDevice({ id: 1 });
    const b = gpsDevice({ id: 2 });
    const c = gpsDevice({ id: 3, lat: -3.1, longi: -60.01 });
    expect(groupByPosition([a, c, b]).map((g) => g.map((d) => d.id))).toEqual([[1, 2], [3]]);
  });

  it('a single pin stays on its point', () => {
    expect(fanOffset(0, 1)).toEqual([0, 0]);
  });

  it('several pins spread on a circle with distinct offsets', () => {
    const offsets = [0, 1, 2].map((i) => fanOffset(i, 3, 35));
    expect(new Set(offsets.map((o) => o.join(','))).size).toBe(3);
    for (const [dx, dy] of offsets) expect(Math.abs(Math.hypot(dx, dy) - 17.5)).toBeLessThan(1);
    // Six pins need a wider circle than three.
    const six = fanOffset(0, 6, 35);
    expect(Math.hypot(...six)).toBeGreaterThan(20);
    // The first one sits straight above the point.
    expect(offsets[0]?.[0]).toBe(0);
    expect(offsets[0]?.[1]).toBeLessThan(0);
  });
});

describe('pin label', () => {
  it('names the device, its place, communication and alarms', () => {
    expect(pinLabel(gpsDevice({ alarmTreeMapValue: 2 }), NOW_SEC)).toBe(
      'GMG1 · GMG ERB São Paulo Paulista — ERB São Paulo Paulista/SP, Online, 2 alarmes',
    );
  });

  it("says 'DESATUALIZADO' for an offline device and 'NUNCA COMUNICOU' for a silent one", () => {
    expect(
      communicationText(
        gpsDevice({ resumoComunicacao: 'offline', ultimaLeitura: NOW_SEC - 3600 }),
        NOW_SEC,
      ),
    ).toBe('DESATUALIZADO');
    expect(
      communicationText(
        gpsDevice({ resumoComunicacao: 'nunca comunicou', ultimaLeitura: null }),
        NOW_SEC,
      ),
    ).toBe('NUNCA COMUNICOU');
  });
});
