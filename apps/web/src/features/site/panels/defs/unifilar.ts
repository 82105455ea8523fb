import type { PanelDefinition } from '../types';
import { unifilarTwoGenerators } from './diagrams';

/** 'unifilar': two generators and the site's connection to the grid. */
const panel: PanelDefinition = {
  title: 'Unifilar',
  kind: 'synoptic',
  sections: [unifilarTwoGenerators],
};

export default panel;
