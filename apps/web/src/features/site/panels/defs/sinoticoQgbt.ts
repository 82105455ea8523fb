import type { PanelDefinition } from '../types';
import { reading } from './blocks';
import { qgbtDiagram } from './diagrams';

/** 'sinotico qgbt': the main low-voltage switchboard's synoptic. */
const panel: PanelDefinition = {
  title: 'Sinótico QGBT',
  kind: 'synoptic',
  sections: [
    qgbtDiagram,
    {
      type: 'readings',
      title: 'Tensões e correntes',
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
