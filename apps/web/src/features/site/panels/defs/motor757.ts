import { READING } from '@vigia/domain';
import type { PanelDefinition } from '../types';
import {
  ENGINE_ITEMS,
  FUEL_LEVEL,
  GENERATOR_STATE_ITEMS,
  LOAD_LEVEL,
  otherGenerators,
  reading,
} from './blocks';

/** 'motor 757': the engine with the generator's output (series 757 controllers). */
const panel: PanelDefinition = {
  title: 'Motor · controlador 757',
  kind: 'standard',
  sections: [
    { type: 'states', title: 'Estado', items: GENERATOR_STATE_ITEMS },
    { type: 'readings', title: 'Motor', format: 'generator', columns: 3, items: ENGINE_ITEMS },
    {
      type: 'readings',
      title: 'Saída do gerador',
      format: 'generator',
      columns: 3,
      items: [
        reading('kW', 'Potência ativa'),
        reading('Hz', 'Frequência'),
        reading('FP', 'Fator de potência'),
      ],
    },
    {
      type: 'readings',
      title: 'Contadores',
      format: 'generator',
      items: [
        reading('horimetro', 'Horímetro'),
        reading('Partidas', 'Partidas', { format: 'integer' }),
        reading('kWh', 'Energia gerada'),
      ],
    },
    {
      type: 'levels',
      title: 'Níveis',
      items: [
        FUEL_LEVEL,
        {
          name: READING.fuelPercent,
          label: 'Combustível',
          format: 'fuel',
          scale: { kind: 'fixed', max: 100 },
        },
        LOAD_LEVEL,
      ],
    },
    otherGenerators,
  ],
};

export default panel;
