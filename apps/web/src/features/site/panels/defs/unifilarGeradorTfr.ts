import type { PanelDefinition } from '../types';
import { generatorsWithTfr } from './diagrams';

/** Generator single-line (third customer variant): the generators in parallel with the grid. */
const panel: PanelDefinition = {
  title: 'Unifilar dos geradores em paralelo',
  kind: 'synoptic',
  sections: [generatorsWithTfr],
};

export default panel;
