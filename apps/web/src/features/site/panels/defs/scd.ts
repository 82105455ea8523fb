import type { PanelDefinition } from '../types';
import { aggregateMeasurements } from './blocks';

/** 'scd': the substation's aggregate measurement. */
const panel: PanelDefinition = {
  title: 'SCD',
  kind: 'standard',
  sections: [
    aggregateMeasurements,
    {
      type: 'levels',
      title: 'Carregamento',
      items: [
        { name: 'kW', label: 'Potência / nominal', scale: { kind: 'nominal', param: 'kwn' } },
      ],
    },
  ],
};

export default panel;
