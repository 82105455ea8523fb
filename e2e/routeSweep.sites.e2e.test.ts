import type { ExpectedDefects } from './support/routeSweep.js';
import { describeRouteSweep } from './support/routeSweep.js';

/** Known defects not yet fixed: `<route id>@<width>` → categories (the list only shrinks). */
const EXPECTED: ExpectedDefects = {
  'main.site.gerenciador@mobile': ['overflow'],
  'main.site.grafico@mobile': ['overflow'],
  'main.site.horimetro@mobile': ['axe'],
  'main.site.infos@mobile': ['axe', 'overflow'],
  'main.site.occurrences.history@desktop': ['axe'],
  'main.site.occurrences.history@mobile': ['axe'],
  'main.site.overview@mobile': ['axe', 'overflow'],
  'main.site.relatorio@mobile': ['axe', 'cls'],
  'main.site@mobile': ['axe', 'overflow', 'cls'],
  'main.venue.cadastro@desktop': ['axe'],
  'main.venue.cadastro@mobile': ['axe'],
  'main.venue.contratos@mobile': ['axe'],
  'main.venue.gestao@mobile': ['axe'],
  'main.venue.home@mobile': ['cls'],
  'main.venue.lista@mobile': ['cls'],
  'main.venue.prime@desktop': ['axe'],
  'main.venue.prime@mobile': ['axe'],
};

describeRouteSweep('venue, site', ['venue', 'site'], EXPECTED);
