import type { PanelDefinition } from '../types';
import { plcAlarms, reading } from './blocks';

/** 'carreta estocagem': a CNG trailer kept as storage. */
const panel: PanelDefinition = {
  title: 'Carreta · estocagem',
  kind: 'carreta',
  sections: [
    {
      type: 'levels',
      title: 'Estoque',
      items: [
        {
          name: 'volume',
          label: 'Volume / capacidade',
          decimals: 0,
          scale: { kind: 'param', param: 'capacidade' },
          rule: 'tankLevel',
        },
      ],
    },
    {
      type: 'readings',
      title: 'Gás armazenado',
      columns: 3,
      items: [
        reading('volume', 'Volume', { decimals: 0 }),
        reading('pt01', 'Pressão', { decimals: 1 }),
        reading('tt01', 'Temperatura', { decimals: 1 }),
      ],
    },
    plcAlarms(4),
  ],
};

export default panel;
