import type { PanelDefinition } from '../types';
import { reading } from './blocks';

/** 'infos medidor': the meter's identity, clock and totals. */
const panel: PanelDefinition = {
  title: 'Informações do medidor',
  kind: 'standard',
  meter: true,
  sections: [
    { type: 'meterClock', title: 'Identificação e relógio' },
    {
      type: 'readings',
      title: 'Totais',
      format: 'meter',
      items: [
        reading('KWH_TOTAL_H', 'Energia ativa total', { unit: 'kWh' }),
        reading('MAX_KW', 'Demanda máxima', { unit: 'kW' }),
      ],
    },
  ],
};

export default panel;
