import { describe, expect, it } from 'vitest';
import { deviceRow, NOW_SEC } from '../test/fixtures';
import { drawingLegibleAt, singleLineLayout } from './singleLineLayout';
import { describeSingleLine, singleLineModel } from './singleLineModel';

const gmg = (id: number, patrimonio: string, readings: Record<string, number>) =>
  deviceRow({ id, patrimonio, nome: `${patrimonio} Hospital`, readings });

const qta = deviceRow({
  id: 30,
  tipo: 'qta',
  patrimonio: 'QTA1',
  readings: { statusRede: 256, chaveRede: 4096, chaveGrupo: 16384 | 1024, redeVab: 0 },
});

describe('single-line model', () => {
  it.each([1, 2, 3, 4])('draws every generator of a place with %i, by asset number', (count) => {
    const rows = Array.from({ length: count }, (_, i) =>
      gmg(10 + count - i, `GMG${count - i}`, { kW: 100 * (count - i) }),
    );
    const [first, ...rest] = rows;
    const model = singleLineModel(first ?? null, rest, { mains: 'auto', nowSec: NOW_SEC });
    const names = Array.from({ length: count }, (_, i) => `GMG${i + 1}`);
    expect(model.generators.map((g) => g.name)).toEqual(names);
    expect(model.generators.map((g) => g.lines.find((l) => l.label === 'Potência')?.value)).toEqual(
      names.map((_, i) => `${100 * (i + 1)},00 kW`),
    );
    expect(describeSingleLine(model).match(/GMG\d:/g)).toHaveLength(count);
  });

  it('gives each generator its own communication: a stale or offline one is not drawn as current', () => {
    const running = { statusGMG: 64, chaveGrupo: 16384, kW: 300 };
    const stale = deviceRow({
      id: 2,
      patrimonio: 'GMG2',
      ts: NOW_SEC - 45 * 60,
      resumoComunicacao: 'offline',
      readings: running,
    });
    const offline = deviceRow({
      id: 3,
      patrimonio: 'GMG3',
      ts: NOW_SEC - 3 * 86400,
      resumoComunicacao: '>1 dia offline',
      readings: running,
    });
    const model = singleLineModel(gmg(1, 'GMG1', running), [offline, stale], {
      mains: 'none',
      nowSec: NOW_SEC,
    });
    const [live, old, silent] = model.generators;
    expect([live?.quality, old?.quality, silent?.quality]).toEqual(['online', 'stale', 'offline']);
    expect(live?.note).toBeNull();
    expect(live?.lines[0]).toEqual({ label: 'Comunicação', value: 'Online', tone: 'good' });
    expect(live?.statusTone).toBe('good');
    expect(live?.breaker.tone).not.toBe('neutral');
    expect(old?.lines[0]).toEqual({ label: 'Comunicação', value: 'DESATUALIZADO', tone: 'bad' });
    expect(old?.note).toMatch(/^DESATUALIZADO · última leitura \d\d\/\d\d\/\d{4}/);
    expect(silent?.lines[0]?.value).toBe('SEM COMUNICAÇÃO');
    for (const node of [old, silent]) {
      expect(node?.statusTone).toBe('neutral');
      expect(node?.breaker).toMatchObject({ label: 'Fechada', tone: 'neutral' });
      // Its old values keep their text and lose every state colour.
      expect(node?.lines.slice(1).every((l) => l.tone === undefined)).toBe(true);
      expect(node?.lines.find((l) => l.label === 'Potência')?.value).toBe('300,00 kW');
    }
  });

  it("a stale transfer panel never shows mains 'Normal' in green", () => {
    const old = deviceRow({
      id: 31,
      tipo: 'qta',
      patrimonio: 'QTA1',
      ts: NOW_SEC - 2 * 86400,
      resumoComunicacao: '>1 dia offline',
      readings: { statusRede: 0, chaveRede: 32768 },
    });
    const model = singleLineModel(null, [old], { mains: 'qta', nowSec: NOW_SEC });
    expect(model.qta?.quality).toBe('offline');
    expect(model.qta?.mainsTone).toBe('neutral');
    expect(model.qta?.mainsLines.find((l) => l.label === 'Rede')).toEqual({
      label: 'Rede',
      value: 'Normal',
    });
    expect(model.qta?.mainsBreaker.tone).toBe('neutral');
  });

  it('draws each generator breaker from the switch bits (16384 Fechada, 4096 Aberta)', () => {
    const model = singleLineModel(
      gmg(1, 'GMG1', { chaveGrupo: 16384, statusGMG: 64, modoWeb: 8, kW: 300, Ia: 450.25 }),
      [gmg(2, 'GMG2', { chaveGrupo: 4096, statusGMG: 2048, modoWeb: 2 })],
      { mains: 'none', nowSec: NOW_SEC },
    );
    expect(model.generators.map((g) => g.breaker.label)).toEqual(['Fechada', 'Aberta']);
    expect(model.generators[0]?.statusTone).toBe('good');
    const lines = Object.fromEntries(
      model.generators[0]?.lines.map((l) => [l.label, l.value]) ?? [],
    );
    expect(lines).toMatchObject({ Modo: 'Auto', Potência: '300,00 kW', Ia: '450,25 A', Ib: '---' });
    expect(model.generators[1]?.lines.find((l) => l.label === 'Modo')?.value).toBe('Manual');
    expect(model.qta).toBeNull();
  });

  it("the transfer panel's mains (bit 32768) and group (1024/16384) switches and mains status", () => {
    const model = singleLineModel(gmg(1, 'GMG1', {}), [qta], {
      mains: 'qta',
      nowSec: NOW_SEC,
    });
    expect(model.qta?.mainsBreaker.label).toBe('ABERTA');
    expect(model.qta?.groupBreaker.label).toBe('FECHADA');
    expect(model.qta?.mainsTone).toBe('bad');
    expect(model.qta?.mainsLines[1]).toEqual({ label: 'Rede', value: 'Anormal', tone: 'bad' });
  });

  it("'auto' meets the grid through the transfer panel, else the TFR, else not at all", () => {
    const tfr = deviceRow({ id: 40, tipo: 'tfr', patrimonio: 'TFR1', readings: { kW: 800 } });
    const opts = { mains: 'auto' as const, nowSec: NOW_SEC };
    expect(singleLineModel(null, [qta, tfr], opts).qta).not.toBeNull();
    const viaTfr = singleLineModel(null, [tfr], opts);
    expect(viaTfr.qta).toBeNull();
    expect(viaTfr.tfr?.lines.find((l) => l.label === 'Potência')?.value).toBe('800,00 kW');
    const alone = singleLineModel(null, [], opts);
    expect(alone.qta === null && alone.tfr === null).toBe(true);
  });

  it('a silent generator keeps its last status but is not drawn as running', () => {
    const old = deviceRow({
      id: 9,
      patrimonio: 'GMG1',
      ts: NOW_SEC - 3 * 86400,
      resumoComunicacao: '>1 dia offline',
      readings: { statusGMG: 64 },
    });
    const model = singleLineModel(old, [], { mains: 'none', nowSec: NOW_SEC });
    expect(model.generators[0]?.lines[1]?.value).toBe('GMG ON');
    expect(model.generators[0]?.statusTone).toBe('neutral');
  });

  it('describes the drawing in words (the text alternative)', () => {
    const model = singleLineModel(gmg(1, 'GMG1', { chaveGrupo: 16384, modoWeb: 8 }), [qta], {
      mains: 'qta',
      nowSec: NOW_SEC,
    });
    const text = describeSingleLine(model);
    expect(text).toContain('GMG1:');
    expect(text).toContain('Modo Auto');
    expect(text).toContain('disjuntor Fechada');
    expect(text).toContain('chave da rede ABERTA');
    expect(describeSingleLine({ generators: [], qta: null, tfr: null })).toBe(
      'Nenhum equipamento para desenhar.',
    );
  });
});

describe('single-line layout', () => {
  const GENERATOR_LINES = 7;

  it.each([1, 2, 3, 4])(
    '%i generators: a column each, boxes apart, left of the grid column',
    (count) => {
      for (const mains of [null, 'qta', 'tfr'] as const) {
        const layout = singleLineLayout({
          sources: Array(count).fill(GENERATOR_LINES),
          mains,
          mainsLines: 5,
        });
        expect(layout.centers).toHaveLength(count);
        const gaps = layout.centers.slice(1).map((x, i) => x - (layout.centers[i] ?? 0));
        expect(gaps.every((gap) => gap >= layout.boxWidth + 8)).toBe(true);
        const first = layout.centers[0] ?? 0;
        const last = layout.centers.at(-1) ?? 0;
        expect(first - layout.boxWidth / 2).toBeGreaterThanOrEqual(0);
        const rightEdge = mains ? layout.mainsX - layout.mainsBoxWidth / 2 : layout.width;
        expect(last + layout.boxWidth / 2).toBeLessThanOrEqual(rightEdge);
        expect(layout.busStart).toBeLessThan(first);
        expect(layout.busEnd).toBeGreaterThan(last);
      }
    },
  );

  it('four generators and a transfer panel stay legible in a 1440 px console, not on a phone', () => {
    const layout = singleLineLayout({ sources: [7, 7, 7, 7], mains: 'qta', mainsLines: 5 });
    expect(drawingLegibleAt(layout.width, 1150)).toBe(true);
    expect(drawingLegibleAt(layout.width, 358)).toBe(false);
    // Not yet measured: drawn.
    expect(drawingLegibleAt(layout.width, 0)).toBe(true);
  });
});
