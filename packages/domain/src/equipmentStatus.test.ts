import { describe, expect, it } from 'vitest';
import { equipmentStatus } from './equipmentStatus.js';

describe("equipment status text (upper-cased): OK success; FALHA danger; INSTAVEL warning; -1 'NUNCA COMUNICOU'; otherwise grey", () => {
  it.each([
    ['OK', 'OK', 'good'],
    ['ok', 'OK', 'good'],
    ['FALHA', 'FALHA', 'bad'],
    ['falha', 'FALHA', 'bad'],
    ['INSTAVEL', 'INSTAVEL', 'warning'],
    ['Instável', 'INSTÁVEL', 'warning'],
    ['-1', 'NUNCA COMUNICOU', 'neutral'],
    [-1, 'NUNCA COMUNICOU', 'neutral'],
    ['manutencao', 'MANUTENCAO', 'neutral'],
    ['', '--', 'neutral'],
    [null, '--', 'neutral'],
  ])('%s → %s (%s)', (text, label, tone) => {
    expect(equipmentStatus(text)).toEqual({ label, tone });
  });
});
