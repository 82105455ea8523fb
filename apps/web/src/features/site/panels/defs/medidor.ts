import type { PanelDefinition } from '../types';
import { reading } from './blocks';

/** 'medidor': the energy meter; power and energy divided by 1000 (spec 001 §5). */
const panel: PanelDefinition = {
  title: 'Medidor de energia',
  kind: 'standard',
  meter: true,
  sections: [
    {
      type: 'readings',
      title: 'Energia e demanda',
      format: 'meter',
      columns: 3,
      items: [
        reading('KW', 'Potência ativa', { unit: 'kW' }),
        reading('MAX_KW', 'Demanda máxima', { unit: 'kW' }),
        reading('KWH_TOTAL_H', 'Energia ativa total', { unit: 'kWh' }),
        reading('PF', 'Fator de potência'),
        reading('HZ', 'Frequência'),
      ],
    },
    {
      type: 'readings',
      title: 'Tensões e correntes',
      format: 'meter',
      columns: 3,
      items: [
        reading('VA', 'Tensão A'),
        reading('VB', 'Tensão B'),
        reading('VC', 'Tensão C'),
        reading('IA', 'Corrente A'),
        reading('IB', 'Corrente B'),
        reading('IC', 'Corrente C'),
      ],
    },
  ],
};

export default panel;
