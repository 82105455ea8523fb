import type { ExpectedDefects } from './support/routeSweep.js';
import { describeRouteSweep } from './support/routeSweep.js';

/**
 * Known defects not yet fixed: `<route id>@<width>` → categories (the list only shrinks).
 * CLS of the place pages, reports and energy at 390 px; grafico/consumo: charts wider
 * than a phone (features/charts); combustivel: CLS (features/fuel).
 */
const EXPECTED: ExpectedDefects = {
  'main.scd.combustivel@mobile': ['cls'],
  'main.scd.consumo@mobile': ['overflow'],
  'main.scd.grafico@mobile': ['overflow'],
  'main.scd.overview@mobile': ['cls'],
  'main.scd.relatorio@mobile': ['cls'],
  'main.scd@mobile': ['cls'],
  'main.usina.diaria@mobile': ['cls'],
  'main.usina.energia@mobile': ['cls'],
  'main.usina.grafico@mobile': ['overflow', 'cls'],
  'main.usina.overview@mobile': ['cls'],
  'main.usina.relatorio@mobile': ['cls'],
  'main.usina@mobile': ['cls'],
};

describeRouteSweep('usina, SCD', ['usina', 'scd'], EXPECTED);
