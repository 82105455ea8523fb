import type { ExpectedDefects } from './support/routeSweep.js';
import { describeRouteSweep } from './support/routeSweep.js';

/**
 * Known defects not yet fixed: `<route id>@<width>` → categories (the list only shrinks).
 * combustivel, notificacoes: CLS
 * (features/fuel, notifications). tanqueChart: a chart wider than a phone (features/charts).
 */
const EXPECTED: ExpectedDefects = {
  'main.clientes.notificacoes@desktop': ['cls'],
  'main.cluster.combustivel@desktop': ['cls'],
  'main.cluster.tanqueChart@mobile': ['overflow'],
};

describeRouteSweep('sistemas, cluster', ['clientes', 'cluster'], EXPECTED);
