import type { ExpectedDefects } from './support/routeSweep.js';
import { describeRouteSweep } from './support/routeSweep.js';

/** Known defects not yet fixed: `<route id>@<width>` → categories (the list only shrinks). */
const EXPECTED: ExpectedDefects = {
  'main.clientes.energia@mobile': ['axe'],
  'main.clientes.home@desktop': ['console'],
  'main.clientes.indicadoresAlarmes@mobile': ['axe'],
  'main.cluster.cadastro@desktop': ['axe'],
  'main.cluster.cadastro@mobile': ['axe'],
  'main.cluster.combustivel@desktop': ['cls'],
  'main.cluster.contratos@mobile': ['axe'],
  'main.cluster.indicadoresAlarmes@mobile': ['axe'],
  'main.cluster.statusOcorrencias@desktop': ['axe'],
  'main.cluster.statusOcorrencias@mobile': ['axe'],
  'main.cluster.tanqueChart@mobile': ['overflow'],
  'main.cluster.venues@desktop': ['axe'],
  'main.cluster.venues@mobile': ['axe'],
};

describeRouteSweep('sistemas, cluster', ['clientes', 'cluster'], EXPECTED);
