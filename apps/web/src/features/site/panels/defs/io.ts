import type { PanelDefinition } from '../types';
import { reading } from './blocks';

const CHANNELS = [1, 2, 3, 4, 5, 6, 7, 8];

/** 'io': the I/O module's 8 analogue channels and its digital inputs. */
const panel: PanelDefinition = {
  title: 'Módulo de I/O',
  kind: 'standard',
  sections: [
    {
      type: 'readings',
      title: 'Entradas analógicas',
      columns: 4,
      items: CHANNELS.map((n) => reading(`ai${n}`, `Canal ${n}`, { decimals: 1 })),
    },
    { type: 'inputs', title: 'Entradas digitais', name: 'di', count: 8 },
  ],
};

export default panel;
