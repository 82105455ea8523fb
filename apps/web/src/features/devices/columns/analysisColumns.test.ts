import type { BatteryRow, PowerRow, TankRow } from '@vigia/contract';
import { describe, expect, it } from 'vitest';
import {
  batteryColumns,
  loadSpeedBand,
  loadSpeedColumns,
  powerColumns,
  powerSeverity,
  tankColumns,
  tankLevel,
  tankRowTone,
  tankTone,
} from './analysisColumns';

describe('tank rows (spec 001 §4 tank colour, §2 levels)', () => {
  it.each([
    [88, 'bad'],
    [80, 'bad'],
    [79.9, 'warning'],
    [65, 'warning'],
    [64.9, undefined],
    [null, undefined],
  ] as const)('critico %s → %s', (critico, tone) => {
    expect(tankTone({ critico })).toBe(tone);
  });

  it('a silent tank keeps no colour from its old level (issue 27)', () => {
    const now = 1_760_000_000;
    const tank = { critico: 88, resumoComunicacao: 'online' as const, ultimaLeitura: now - 60 };
    expect(tankRowTone(tank, now)).toBe('bad');
    const silent = {
      critico: 88,
      resumoComunicacao: '>1 dia offline' as const,
      ultimaLeitura: now - 3 * 86_400,
    };
    expect(tankRowTone(silent, now)).toBeUndefined();
    const level = tankColumns({ nowSec: now }, () => null).find((c) => c.key === 'nivel');
    const row = { ...silent, nivel: 12 } as TankRow;
    expect(level?.title?.(row)).toMatch(/^12,00% \(SEM COMUNICAÇÃO · última leitura /);
  });

  it("levels with 2 decimals, or '---' when empty", () => {
    expect(tankLevel({ nivel: 12 })).toBe('12,00%');
    expect(tankLevel({ nivel: 45.655 })).toBe('45,66%');
    expect(tankLevel({ nivel: null })).toBe('---');
    expect(tankLevel({ nivel: -3 })).toBe('---');
  });
});

describe('analysis bands', () => {
  it('power 1 to 30 % Crítico, above 30 Atenção, else Normal', () => {
    const kwn = 800;
    expect(powerSeverity({ percentual: 20, kwn })).toEqual({ text: 'Crítico', tone: 'bad' });
    expect(powerSeverity({ percentual: 55, kwn })).toEqual({ text: 'Atenção', tone: 'warning' });
    expect(powerSeverity({ percentual: 0, kwn })).toEqual({ text: 'Normal', tone: 'good' });
  });

  it('no nominal registered: the value with its unit, no percentage and no verdict (issue 27)', () => {
    const ctx = { nowSec: 1_760_000_000 };
    const cells = <R>(columns: { key: string; cell?: (row: R) => unknown }[], row: R) =>
      Object.fromEntries(columns.map((c) => [c.key, c.cell?.(row)]));
    const base = {
      id: 1,
      nome: 'QTA ERB Manaus',
      resumoComunicacao: 'online',
      ultimaLeitura: ctx.nowSec - 60,
      ts: ctx.nowSec - 60,
    };
    const battery = cells(batteryColumns(ctx), {
      ...base,
      vcc: 26.6,
      vccn: null,
      percentual: null,
      chave: 'FECHADA',
    } as unknown as BatteryRow);
    expect(battery.vcc).toBe('26,60');
    expect(battery.vccn).toBe('---');
    expect(battery.percentual).toBe('nominal não cadastrado');
    expect(JSON.stringify(battery)).not.toContain('%');
    const power = cells(powerColumns(ctx), {
      ...base,
      kw: 712,
      kwn: null,
      percentual: null,
      severidade: null,
    } as unknown as PowerRow);
    expect(power.kwn).toBe('---');
    expect(JSON.stringify(power)).toContain('nominal não cadastrado');
    expect(JSON.stringify(power)).not.toContain('Normal');
    expect(powerSeverity({ percentual: null, kwn: null })).toEqual({ text: '---' });
    // With its nominal: the percentage as before.
    const registered = cells(batteryColumns(ctx), {
      ...base,
      vcc: 26.6,
      vccn: 24,
      percentual: (26.6 / 24) * 100,
      chave: null,
    } as unknown as BatteryRow);
    expect(registered.percentual).toBe('110,83%');
  });

  it('load speed 80 or more Crítico, 65 to 79 Atenção', () => {
    expect(loadSpeedBand({ loadSpeed: 80 }).text).toBe('Crítico');
    expect(loadSpeedBand({ loadSpeed: 70 }).text).toBe('Atenção');
    expect(loadSpeedBand({ loadSpeed: 10 }).text).toBe('Normal');
  });
});

describe('analysis columns', () => {
  const ctx = { nowSec: 1_760_000_000 };

  it('sort only by the fields the server accepts', () => {
    const sortable = (columns: { key: string; sortable?: boolean }[]) =>
      columns.filter((c) => c.sortable).map((c) => c.key);
    expect(sortable(batteryColumns(ctx))).toEqual(['nome', 'vcc', 'percentual', 'localNome', 'uf']);
    expect(sortable(powerColumns(ctx))).toEqual([
      'nome',
      'severidade',
      'kw',
      'percentual',
      'localNome',
      'uf',
    ]);
    expect(sortable(loadSpeedColumns(ctx))).toContain('loadSpeed');
    expect(sortable(tankColumns(ctx, () => null))).toEqual([
      'nome',
      'nivel',
      'litros',
      'temperatura',
      'localNome',
      'uf',
    ]);
  });

  it('place, alarm, connection and date columns hide on phones', () => {
    const categories = Object.fromEntries(
      tankColumns(ctx, () => null).map((c) => [c.key, c.category ?? c.kind]),
    );
    expect(categories).toMatchObject({
      localNome: 'site',
      uf: 'uf',
      alarmTreeMapValue: 'alarm',
      comunicacao: 'connection',
      ultimaLeitura: 'date',
    });
  });

  it('the tank chart column draws what the page gives it', () => {
    const chart = tankColumns(ctx, (row: TankRow) => `grafico-${row.id}`).find(
      (c) => c.key === 'grafico',
    );
    expect(chart?.cell({ id: 7 } as TankRow)).toBe('grafico-7');
  });
});
