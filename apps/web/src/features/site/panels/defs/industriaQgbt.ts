import type { PanelDefinition } from '../types';
import { reading } from './blocks';
import { qgbtDiagram } from './diagrams';

/** 'industria' variant for the main board: the board drawn, with its phases. */
const panel: PanelDefinition = {
  title: 'Indústria · QGBT',
  kind: 'standard',
  sections: [
    qgbtDiagram,
    {
      type: 'readings',
      title: 'Fases',
      columns: 3,
      items: [
        reading('Vab', 'Tensão AB'),
        reading('Vbc', 'Tensão BC'),
        reading('Vca', 'Tensão CA'),
        reading('Ia', 'Corrente A'),
        reading('Ib', 'Corrente B'),
        reading('Ic', 'Corrente C'),
      ],
    },
  ],
};

export default panel;
