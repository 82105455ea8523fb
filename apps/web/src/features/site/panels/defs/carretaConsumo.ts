import { READING } from '@vigia/domain';
import type { PanelDefinition } from '../types';
import { plcAlarms, reading } from './blocks';

/** 'carreta consumo': a CNG trailer feeding a consumer. */
const panel: PanelDefinition = {
  title: 'Carreta · consumo',
  kind: 'carreta',
  sections: [
    {
      type: 'levels',
      title: 'Carreta',
      items: [
        {
          name: READING.fuelLevel,
          label: 'Nível',
          format: 'fuel',
          scale: { kind: 'fixed', max: 100 },
          rule: 'tankLevel',
        },
        {
          name: 'volume',
          label: 'Volume / capacidade',
          decimals: 0,
          scale: { kind: 'param', param: 'capacidade' },
        },
      ],
    },
    {
      type: 'readings',
      title: 'Consumo',
      items: [
        reading('consumo', 'Consumo', { decimals: 1 }),
        reading('volume', 'Volume', { decimals: 0 }),
      ],
    },
    {
      type: 'readings',
      title: 'Pressão e temperatura',
      items: [
        reading('pt01', 'Pressão', { decimals: 1 }),
        reading('tt01', 'Temperatura', { decimals: 1 }),
      ],
    },
    plcAlarms(4),
  ],
};

export default panel;
