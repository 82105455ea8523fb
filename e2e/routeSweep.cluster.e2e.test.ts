import type { ExpectedDefects } from './support/routeSweep.js';
import { describeRouteSweep } from './support/routeSweep.js';

/** Known defects not yet fixed: `<route id>@<width>` → categories (the list only shrinks). None left. */
const EXPECTED: ExpectedDefects = {};

describeRouteSweep('sistemas, cluster', ['clientes', 'cluster'], EXPECTED);
