import type { PanelDefinition } from '../types';
import { unifilarGenerators } from './diagrams';

/** 'unifilar': the site's generators and the site's connection to the grid. */
const panel: PanelDefinition = {
  title: 'Unifilar',
  kind: 'synoptic',
  sections: [unifilarGenerators],
};

export default panel;
