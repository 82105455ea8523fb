import type { PanelDefinition } from '../types';
import { aggregateMeasurements } from './blocks';

/** 'usina' (power plant): the plant's aggregate measurement and its generators. */
const panel: PanelDefinition = {
  title: 'Usina',
  kind: 'standard',
  sections: [
    aggregateMeasurements,
    {
      type: 'levels',
      title: 'Geração',
      items: [
        {
          name: 'kW',
          label: 'Potência / nominal da usina',
          scale: { kind: 'nominal', param: 'kwn' },
        },
      ],
    },
    { type: 'otherGenerators', title: 'Geradores da usina' },
  ],
};

export default panel;
