import { describe, expect, it } from 'vitest';
import { buildFleet } from '../seed/fleet.js';
import { FleetModel, type Readings } from './model.js';

const fleet = buildFleet();
const START = 1_790_000_000;
const DAY = 86400;

function run(seed: number, days: number, stepS: number) {
  const model = new FleetModel(fleet.devices, seed);
  const series: { t: number; readings: Map<number, Readings> }[] = [];
  for (let t = START; t < START + days * DAY; t += stepS)
    series.push({ t, readings: model.step(t, stepS) });
  return series;
}

const thirtyDays = run(11, 30, 900);
const byType = (tipo: string) => fleet.devices.filter((d) => d.tipo === tipo);
const value = (r: Map<number, Readings>, id: number, name: string) =>
  r.get(id)?.[name] ?? Number.NaN;

describe('fleet model', () => {
  it('is deterministic for a seed and differs between seeds', () => {
    const again = run(11, 2, 900);
    expect(again.map((s) => [...s.readings.entries()])).toEqual(
      thirtyDays.slice(0, again.length).map((s) => [...s.readings.entries()]),
    );
    const other = run(12, 2, 900);
    expect(other.map((s) => [...s.readings.entries()])).not.toEqual(
      again.map((s) => [...s.readings.entries()]),
    );
  });

  it('starts the standby generator and transfers the QTA during a mains failure', () => {
    const qtas = byType('qta');
    let failures = 0;
    for (const { readings } of thirtyDays) {
      for (const qta of qtas) {
        const gen = fleet.devices.find((d) => d.site === qta.site && d.tipo === 'gerador');
        if (!gen) continue;
        const mainsFailed = value(readings, qta.id, 'statusRede') === 256;
        if (mainsFailed) {
          failures += 1;
          expect(value(readings, gen.id, 'statusGMG')).toBe(64);
          expect(value(readings, gen.id, 'kW')).toBeGreaterThan(0);
          expect(value(readings, qta.id, 'chaveGrupo') & 16384).toBe(16384);
          expect(value(readings, qta.id, 'redekW')).toBe(0);
        } else {
          expect(value(readings, gen.id, 'statusGMG')).toBe(2048);
          expect(value(readings, qta.id, 'chaveGrupo')).toBe(4096);
        }
      }
    }
    expect(failures).toBeGreaterThan(5);
  });

  it('runs prime plant generators on a daily load curve', () => {
    const prime = fleet.devices.find((d) => d.params.regime === 'prime');
    if (!prime) throw new Error('no prime generator');
    const loads = thirtyDays
      .map((s) => value(s.readings, prime.id, 'LoadSpeed'))
      .filter((l) => l > 0);
    expect(loads.length).toBeGreaterThan(thirtyDays.length * 0.8);
    expect(Math.max(...loads) - Math.min(...loads)).toBeGreaterThan(20);
  });

  it('drains tanks and refuels them', () => {
    const storage = byType('tanque').filter((d) => Number(d.params.capacidade) === 30000);
    let refuels = 0;
    for (const tank of storage) {
      const levels = thirtyDays.map((s) => value(s.readings, tank.id, 'nivel'));
      for (let i = 1; i < levels.length; i++) {
        const prev = levels[i - 1] as number;
        const next = levels[i] as number;
        if (next > prev + 20) refuels += 1;
      }
      expect(Math.min(...levels)).toBeLessThan(40);
    }
    expect(refuels).toBeGreaterThan(3);
  });

  it('accumulates meter energy', () => {
    for (const meter of byType('medidor')) {
      const energy = thirtyDays.map((s) => value(s.readings, meter.id, 'KWH_TOTAL_H'));
      for (let i = 1; i < energy.length; i++)
        expect(energy[i]).toBeGreaterThanOrEqual(energy[i - 1] as number);
      expect((energy.at(-1) as number) - (energy[0] as number)).toBeGreaterThan(0);
    }
  });

  it('lets temperatures drift into alarm and back', () => {
    const checks: [string, string, number][] = [
      ['transformer', 'T1', 110],
      ['geladeira', 'tempCamara', -12],
      ['ups', 'tempSala', 30],
    ];
    for (const [tipo, tag, limit] of checks) {
      let crossings = 0;
      let recoveries = 0;
      for (const d of byType(tipo)) {
        let above = false;
        for (const s of thirtyDays) {
          const v = value(s.readings, d.id, tag);
          if (!above && v > limit) {
            above = true;
            crossings += 1;
          } else if (above && v < limit - 2) {
            above = false;
            recoveries += 1;
          }
        }
      }
      expect(crossings, `${tipo} ${tag}`).toBeGreaterThan(0);
      expect(recoveries, `${tipo} ${tag}`).toBeGreaterThan(0);
    }
  });

  it('reports every reading of the catalogue for each device type', async () => {
    const { DEVICE_TYPES } = await import('../seed/catalog.js');
    const last = thirtyDays.at(-1)?.readings;
    for (const def of DEVICE_TYPES) {
      const device = byType(def.tipo)[0];
      if (!device) throw new Error(`no ${def.tipo}`);
      const names = Object.keys(last?.get(device.id) ?? {}).sort();
      const expected = def.tags.map((t) => t.nome);
      if (device.modem) expected.push('netAntenaSignal');
      expect(names, def.tipo).toEqual(expected.sort());
    }
  });
});

describe('fleet model scenarios', () => {
  it('holds a late tank at its level from the anchor until the truck comes two to three days later', () => {
    const anchor = START + 5 * DAY;
    const model = new FleetModel(fleet.devices, 11, new Map(), { anchor });
    const late = fleet.devices.filter((d) => d.lateDelivery);
    expect(late.length).toBeGreaterThanOrEqual(2);
    const levels = new Map<number, number[]>(late.map((d) => [d.id, []]));
    for (let t = START; t <= anchor + 4 * DAY; t += 900) {
      const readings = model.step(t, 900);
      for (const d of late) {
        if (t === anchor || t === anchor + 2 * DAY || t === anchor + 4 * DAY)
          levels.get(d.id)?.push(value(readings, d.id, 'nivel'));
      }
    }
    for (const d of late) {
      const [atAnchor, twoDaysLater, fourDaysLater] = levels.get(d.id) as number[];
      const target = 100 * (d.lateDelivery?.level ?? 0);
      expect(atAnchor).toBeLessThanOrEqual(target + 0.5);
      expect(atAnchor).toBeGreaterThan(target - 8);
      expect(twoDaysLater).toBeLessThanOrEqual(target + 0.5);
      expect(fourDaysLater).toBeGreaterThan(85);
    }
  });

  it('plays the incidents before the anchor', () => {
    const anchor = START + DAY;
    const model = new FleetModel(fleet.devices, 11, new Map(), {
      anchor,
      incidents: [{ site: 'padaria', kind: 'mains', hoursBefore: 3, minutes: 30 }],
    });
    const gen = fleet.devices.find((d) => d.site === 'padaria' && d.tipo === 'gerador');
    if (!gen) throw new Error('fleet changed');
    let during: Readings | undefined;
    for (let t = START; t < anchor; t += 900) {
      const readings = model.step(t, 900);
      if (t === anchor - 3 * 3600 + 900) during = readings.get(gen.id);
    }
    expect(during?.statusGMG).toBe(64);
    expect(during?.chaveRede).toBe(4096);
  });
});
