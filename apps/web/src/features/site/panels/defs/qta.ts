import type { PanelDefinition } from '../types';
import { MAINS_VOLTAGES, reading, TRANSFER_STATE_ITEMS } from './blocks';
import { transferDiagram } from './diagrams';

/** 'qta': the automatic transfer panel: mains and group sides and both switches. */
const panel: PanelDefinition = {
  title: 'QTA',
  kind: 'standard',
  sections: [
    { type: 'states', title: 'Estado', items: TRANSFER_STATE_ITEMS },
    transferDiagram,
    {
      type: 'readings',
      title: 'Rede da concessionária',
      columns: 3,
      items: [
        ...MAINS_VOLTAGES,
        reading('redeHz', 'Frequência', { decimals: 1 }),
        reading('redekW', 'Potência'),
      ],
    },
    {
      type: 'readings',
      title: 'Grupo gerador',
      columns: 3,
      items: [
        reading('Vab', 'Grupo AB'),
        reading('Vbc', 'Grupo BC'),
        reading('Vca', 'Grupo CA'),
        reading('Ia', 'Corrente A'),
        reading('Ib', 'Corrente B'),
        reading('Ic', 'Corrente C'),
        reading('Hz', 'Frequência'),
        reading('kW', 'Potência'),
      ],
    },
  ],
};

export default panel;
