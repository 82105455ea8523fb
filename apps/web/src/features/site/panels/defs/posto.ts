import type { PanelDefinition } from '../types';
import { plcAlarms, reading } from './blocks';

/** 'posto': a CNG station: storage and dispensing pressures, flow, stock. */
const panel: PanelDefinition = {
  title: 'Posto de GNV',
  kind: 'standard',
  sections: [
    {
      type: 'levels',
      title: 'Estoque',
      items: [
        {
          name: 'estoque',
          label: 'Estoque / capacidade',
          decimals: 0,
          scale: { kind: 'param', param: 'capacidade' },
        },
      ],
    },
    {
      type: 'readings',
      title: 'Pressões e temperatura',
      items: [
        reading('pt01', 'Pressão de estocagem', { decimals: 1 }),
        reading('pt02', 'Pressão de abastecimento', { decimals: 1 }),
        reading('tt01', 'Temperatura', { decimals: 1 }),
      ],
    },
    {
      type: 'readings',
      title: 'Vazão e consumo',
      items: [
        reading('vazao', 'Vazão', { decimals: 1 }),
        reading('consumoDia', 'Consumo do dia', { decimals: 0 }),
      ],
    },
    plcAlarms(4),
  ],
};

export default panel;
