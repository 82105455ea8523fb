import type { PanelDefinition } from '../types';
import { reading } from './blocks';

/** Battery monitor (device type): bank voltage and current, cells, charge, backup time. */
const panel: PanelDefinition = {
  title: 'Monitor de bateria',
  kind: 'standard',
  sections: [
    {
      type: 'levels',
      title: 'Carga',
      items: [
        { name: 'soc', label: 'Estado de carga', decimals: 0, scale: { kind: 'fixed', max: 100 } },
      ],
    },
    {
      type: 'readings',
      title: 'Banco de baterias',
      columns: 3,
      items: [
        reading('Vbat', 'Tensão do banco'),
        reading('Ibat', 'Corrente do banco'),
        reading('tempBat', 'Temperatura', { decimals: 1 }),
        reading('Vcc', 'Tensão do barramento'),
        reading('autonomia', 'Autonomia', { decimals: 0 }),
      ],
    },
    {
      type: 'readings',
      title: 'Células',
      items: [
        reading('celulaMin', 'Tensão mínima', { decimals: 3 }),
        reading('celulaMax', 'Tensão máxima', { decimals: 3 }),
      ],
    },
  ],
};

export default panel;
