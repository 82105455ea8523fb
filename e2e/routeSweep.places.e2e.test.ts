import type { ExpectedDefects } from './support/routeSweep.js';
import { describeRouteSweep } from './support/routeSweep.js';

/** Known defects not yet fixed: `<route id>@<width>` → categories (the list only shrinks). */
const EXPECTED: ExpectedDefects = {
  'main.scd.combustivel@mobile': ['cls'],
  'main.scd.consumo@mobile': ['overflow'],
  'main.scd.diaria@mobile': ['axe'],
  'main.scd.energia@mobile': ['axe'],
  'main.scd.gestao@mobile': ['axe'],
  'main.scd.grafico@mobile': ['overflow'],
  'main.scd.historico@desktop': ['axe'],
  'main.scd.historico@mobile': ['axe'],
  'main.scd.relatorio@mobile': ['axe', 'cls'],
  'main.usina.diaria@mobile': ['axe', 'cls'],
  'main.usina.energia@mobile': ['cls'],
  'main.usina.gestao@mobile': ['axe'],
  'main.usina.grafico@mobile': ['overflow'],
  'main.usina.historico@desktop': ['axe'],
  'main.usina.historico@mobile': ['axe'],
  'main.usina.overview@desktop': ['axe'],
  'main.usina.overview@mobile': ['axe', 'overflow'],
  'main.usina.relatorio@mobile': ['axe', 'cls'],
  'main.usina@desktop': ['console', 'axe'],
  'main.usina@mobile': ['axe', 'overflow', 'cls'],
};

describeRouteSweep('usina, SCD', ['usina', 'scd'], EXPECTED);
