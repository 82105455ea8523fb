import type { PanelDefinition } from '../types';
import { gasFlow, PLC_TEMPERATURES, plcAlarms, reading } from './blocks';

/** 'base de compressao': the gas compression base: suction, stages and discharge. */
const panel: PanelDefinition = {
  title: 'Base de compressão',
  kind: 'plc',
  sections: [
    {
      type: 'readings',
      title: 'Pressões de sucção e descarga',
      columns: 3,
      items: [
        reading('pt01', 'Sucção (PT01)', { decimals: 1 }),
        reading('pt02', '1º estágio (PT02)', { decimals: 1 }),
        reading('pt03', '2º estágio (PT03)', { decimals: 1 }),
        reading('pt04', '3º estágio (PT04)', { decimals: 1 }),
        reading('pt05', 'Descarga (PT05)', { decimals: 1 }),
        reading('pt06', 'Estocagem (PT06)', { decimals: 1 }),
      ],
    },
    PLC_TEMPERATURES,
    gasFlow,
    plcAlarms(8),
  ],
};

export default panel;
