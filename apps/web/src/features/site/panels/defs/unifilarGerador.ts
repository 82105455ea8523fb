import type { PanelDefinition } from '../types';
import { otherGenerators } from './blocks';
import { generatorsSingleLine } from './diagrams';

/** Generator single-line (first customer variant): the site's generators straight to the load. */
const panel: PanelDefinition = {
  title: 'Unifilar dos geradores',
  kind: 'synoptic',
  sections: [generatorsSingleLine, otherGenerators],
};

export default panel;
