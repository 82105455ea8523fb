import type { PanelDefinition } from '../types';
import {
  FUEL_LEVEL,
  GENERATOR_STATE_ITEMS,
  LOAD_LEVEL,
  otherGenerators,
  reading,
  siteTransfer,
} from './blocks';
import { transferDiagram } from './diagrams';

/** 'arcos': a customer's generator with mains supervision, transfer drawn first. */
const panel: PanelDefinition = {
  title: 'Gerador e rede',
  kind: 'standard',
  sections: [
    transferDiagram,
    { type: 'states', title: 'Estado do GMG', items: GENERATOR_STATE_ITEMS },
    ...siteTransfer,
    {
      type: 'readings',
      title: 'Gerador',
      format: 'generator',
      columns: 3,
      items: [
        reading('kW', 'Potência ativa'),
        reading('Hz', 'Frequência'),
        reading('Vab', 'Tensão AB'),
        reading('Ia', 'Corrente A'),
        reading('Ib', 'Corrente B'),
        reading('Ic', 'Corrente C'),
      ],
    },
    { type: 'levels', title: 'Níveis', items: [FUEL_LEVEL, LOAD_LEVEL] },
    otherGenerators,
  ],
};

export default panel;
