import type { PanelDefinition } from '../types';
import { otherGenerators } from './blocks';
import { generatorPairSingleLine } from './diagrams';

/** Generator single-line (first customer variant): GMG1 and GMG2 straight to the load. */
const panel: PanelDefinition = {
  title: 'Unifilar dos geradores',
  kind: 'synoptic',
  sections: [generatorPairSingleLine, otherGenerators],
};

export default panel;
