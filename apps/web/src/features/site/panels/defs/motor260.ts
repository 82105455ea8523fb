import { READING } from '@vigia/domain';
import type { PanelDefinition } from '../types';
import { ENGINE_ITEMS, FUEL_LEVEL, LOAD_LEVEL, otherGenerators, reading } from './blocks';

/** 'motor 260': the engine as its controller (series 260) reports it. */
const panel: PanelDefinition = {
  title: 'Motor · controlador 260',
  kind: 'standard',
  sections: [
    {
      type: 'states',
      title: 'Estado',
      items: [
        { name: READING.generatorStatus, label: 'Status', decoder: 'generatorStatus' },
        { name: READING.generatorMode, label: 'Modo', decoder: 'generatorMode' },
      ],
    },
    { type: 'readings', title: 'Motor', format: 'generator', columns: 3, items: ENGINE_ITEMS },
    {
      type: 'readings',
      title: 'Contadores',
      format: 'generator',
      items: [
        reading('horimetro', 'Horímetro'),
        reading('Partidas', 'Partidas', { format: 'integer' }),
      ],
    },
    { type: 'levels', title: 'Níveis', items: [FUEL_LEVEL, LOAD_LEVEL] },
    otherGenerators,
  ],
};

export default panel;
