import { describe, expect, it } from 'vitest';
import { deviceRow, NOW_SEC } from '../test/fixtures';
import { describeSingleLine, pickPair, singleLineModel } from './singleLineModel';

const gmg = (id: number, patrimonio: string, readings: Record<string, number>) =>
  deviceRow({ id, patrimonio, nome: `${patrimonio} Hospital`, readings });

const qta = deviceRow({
  id: 30,
  tipo: 'qta',
  patrimonio: 'QTA1',
  readings: { statusRede: 256, chaveRede: 4096, chaveGrupo: 16384 | 1024, redeVab: 0 },
});

describe('single-line model', () => {
  it('picks GMG1 and GMG2 by asset number, whatever the order', () => {
    const rows = [gmg(3, 'GMG3', {}), gmg(2, 'GMG2', {}), gmg(1, 'GMG1', {})];
    expect(pickPair(rows).map((r) => r.patrimonio)).toEqual(['GMG1', 'GMG2']);
    expect(pickPair([gmg(5, 'G-B', {}), gmg(4, 'G-A', {})]).map((r) => r.patrimonio)).toEqual([
      'G-A',
      'G-B',
    ]);
  });

  it('draws each generator breaker from the switch bits (16384 Fechada, 4096 Aberta)', () => {
    const model = singleLineModel(
      gmg(1, 'GMG1', { chaveGrupo: 16384, statusGMG: 64, modoWeb: 8, kW: 300, Ia: 450.25 }),
      [gmg(2, 'GMG2', { chaveGrupo: 4096, statusGMG: 2048, modoWeb: 2 })],
      { mains: 'none', generators: 'pair', nowSec: NOW_SEC },
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
      generators: 'all',
      nowSec: NOW_SEC,
    });
    expect(model.qta?.mainsBreaker.label).toBe('ABERTA');
    expect(model.qta?.groupBreaker.label).toBe('FECHADA');
    expect(model.qta?.mainsTone).toBe('bad');
    expect(model.qta?.mainsLines[0]).toEqual({ label: 'Rede', value: 'Anormal', tone: 'bad' });
  });

  it("'auto' meets the grid through the transfer panel, else the TFR, else not at all", () => {
    const tfr = deviceRow({ id: 40, tipo: 'tfr', patrimonio: 'TFR1', readings: { kW: 1000 } });
    const opts = { mains: 'auto' as const, generators: 'pair' as const, nowSec: NOW_SEC };
    expect(singleLineModel(null, [qta, tfr], opts).qta).not.toBeNull();
    const viaTfr = singleLineModel(null, [tfr], opts);
    expect(viaTfr.qta).toBeNull();
    expect(viaTfr.tfr?.lines.find((l) => l.label === 'Potência')?.value).toBe('1000,00 kW');
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
    const model = singleLineModel(old, [], { mains: 'none', generators: 'pair', nowSec: NOW_SEC });
    expect(model.generators[0]?.lines[0]?.value).toBe('GMG ON');
    expect(model.generators[0]?.statusTone).toBe('neutral');
  });

  it('describes the drawing in words (the text alternative)', () => {
    const model = singleLineModel(gmg(1, 'GMG1', { chaveGrupo: 16384, modoWeb: 8 }), [qta], {
      mains: 'qta',
      generators: 'pair',
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
