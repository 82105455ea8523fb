import type { PanelDefinition } from '../types';
import { FUEL_LEVEL, GENERATOR_STATE_ITEMS, LOAD_LEVEL, otherGenerators, reading } from './blocks';

/** 'gerador gl': a compact generator panel: state, the main values, the levels. */
const panel: PanelDefinition = {
  title: 'Gerador · resumo',
  kind: 'standard',
  sections: [
    { type: 'states', title: 'Estado do GMG', items: GENERATOR_STATE_ITEMS },
    {
      type: 'readings',
      title: 'Principais grandezas',
      format: 'generator',
      columns: 4,
      items: [
        reading('kW', 'Potência ativa'),
        reading('Hz', 'Frequência'),
        reading('Vab', 'Tensão AB'),
        reading('Ia', 'Corrente A'),
        reading('Vcc', 'Tensão da bateria'),
        reading('OilTemp', 'Temperatura do óleo'),
        reading('TA', 'Temperatura da água'),
        reading('horimetro', 'Horímetro'),
      ],
    },
    { type: 'levels', title: 'Níveis', items: [FUEL_LEVEL, LOAD_LEVEL] },
    otherGenerators,
  ],
};

export default panel;
