import type { PanelDefinition } from '../types';
import { substationDiagram } from './diagrams';

/** 'subestacao': the substation drawn from the grid to its bus, with its measurement. */
const panel: PanelDefinition = {
  title: 'Subestação',
  kind: 'synoptic',
  sections: [substationDiagram],
};

export default panel;
