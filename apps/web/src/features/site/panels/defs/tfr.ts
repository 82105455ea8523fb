import { READING } from '@vigia/domain';
import type { PanelDefinition } from '../types';
import { MAINS_VOLTAGES, reading } from './blocks';

/** 'tfr': the paralleling panel: grid and bus voltages, power, frequency, PF, energy, mode. */
const panel: PanelDefinition = {
  title: 'TFR',
  kind: 'standard',
  sections: [
    {
      type: 'states',
      title: 'Estado',
      items: [
        { name: READING.generatorMode, label: 'Modo', decoder: 'generatorMode' },
        { name: READING.mainsStatus, label: 'Rede', decoder: 'mainsStatus' },
      ],
    },
    {
      type: 'readings',
      title: 'Potência',
      columns: 3,
      items: [
        reading('redekW', 'Potência da rede'),
        reading('barrakW', 'Potência da barra'),
        reading('kW', 'Potência exportada'),
        reading('kVAr', 'Potência reativa'),
        reading('FP', 'Fator de potência'),
        reading('Hz', 'Frequência'),
      ],
    },
    { type: 'readings', title: 'Tensões da rede', columns: 3, items: MAINS_VOLTAGES },
    {
      type: 'readings',
      title: 'Tensões da barra',
      columns: 3,
      items: [
        reading('barraVab', 'Barra AB'),
        reading('barraVbc', 'Barra BC'),
        reading('barraVca', 'Barra CA'),
      ],
    },
    { type: 'readings', title: 'Energia', items: [reading('kWh', 'Energia exportada')] },
  ],
};

export default panel;
