import type { PanelDefinition } from '../types';
import { otherGenerators, reading, TRANSFER_STATE_ITEMS } from './blocks';

/** 'industria': an industrial site's main board with its transfer panel and generators. */
const panel: PanelDefinition = {
  title: 'Indústria',
  kind: 'standard',
  sections: [
    {
      type: 'readings',
      title: 'Consumo da planta',
      columns: 3,
      items: [
        reading('kW', 'Potência ativa'),
        reading('kVAr', 'Potência reativa'),
        reading('FP', 'Fator de potência'),
        reading('Hz', 'Frequência'),
        reading('kWh', 'Energia'),
      ],
    },
    {
      type: 'states',
      title: 'Transferência (QTA)',
      source: { peerTipo: 'qta' },
      items: TRANSFER_STATE_ITEMS,
    },
    { ...otherGenerators, title: 'Geradores do local' },
  ],
};

export default panel;
