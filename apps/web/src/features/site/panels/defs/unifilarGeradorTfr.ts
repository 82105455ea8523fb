import type { PanelDefinition } from '../types';
import { generatorPairWithTfr } from './diagrams';

/** Generator single-line (third customer variant): GMG1 and GMG2 in parallel with the grid. */
const panel: PanelDefinition = {
  title: 'Unifilar dos geradores em paralelo',
  kind: 'synoptic',
  sections: [generatorPairWithTfr],
};

export default panel;
