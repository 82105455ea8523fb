import type { PanelDefinition } from '../types';
import { reading } from './blocks';

/** Tank (device type): level, volume, temperature and the tank status bits. */
const panel: PanelDefinition = {
  title: 'Tanque',
  kind: 'standard',
  sections: [
    {
      type: 'levels',
      title: 'Nível',
      items: [
        {
          name: 'nivel',
          label: 'Nível',
          format: 'fuel',
          scale: { kind: 'fixed', max: 100 },
          rule: 'tankLevel',
        },
      ],
    },
    {
      type: 'readings',
      title: 'Medições',
      items: [
        reading('litros', 'Volume', { decimals: 0 }),
        reading('temperatura', 'Temperatura', { decimals: 1 }),
      ],
    },
    {
      type: 'word',
      title: 'Status do tanque',
      name: 'statusTanque',
      decoder: { kind: 'tankStatus' },
      emptyLabel: 'Sem sinalizações',
    },
  ],
};

export default panel;
