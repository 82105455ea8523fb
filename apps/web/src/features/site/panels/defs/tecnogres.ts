import type { PanelDefinition } from '../types';
import { gasFlow, PLC_TEMPERATURES, plcAlarms, reading } from './blocks';

/** 'tecnogres': a ceramics plant's gas regulating station. */
const panel: PanelDefinition = {
  title: 'Estação de gás · Tecnogres',
  kind: 'plc',
  sections: [
    gasFlow,
    {
      type: 'readings',
      title: 'Pressões',
      columns: 2,
      items: [
        reading('pt01', 'Entrada (PT01)', { decimals: 1 }),
        reading('pt02', 'Regulada (PT02)', { decimals: 1 }),
        reading('pt03', 'Fornos (PT03)', { decimals: 1 }),
        reading('pt04', 'Secadores (PT04)', { decimals: 1 }),
      ],
    },
    PLC_TEMPERATURES,
    plcAlarms(4),
  ],
};

export default panel;
