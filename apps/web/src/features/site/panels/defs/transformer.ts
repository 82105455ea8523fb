import type { PanelDefinition } from '../types';
import { reading } from './blocks';

/**
 * 'transformer': ambient and three winding temperatures, and the alarm bits
 * of its temperature relay (bit labels are this panel's configuration; the
 * spec does not name them).
 */
const panel: PanelDefinition = {
  title: 'Transformador',
  kind: 'standard',
  sections: [
    {
      type: 'readings',
      title: 'Temperaturas',
      columns: 4,
      items: [
        reading('TA', 'Ambiente', { decimals: 1 }),
        reading('T1', 'Enrolamento 1', { decimals: 1 }),
        reading('T2', 'Enrolamento 2', { decimals: 1 }),
        reading('T3', 'Enrolamento 3', { decimals: 1 }),
      ],
    },
    {
      type: 'word',
      title: 'Alarmes do relé',
      name: 'alarmesTrafo',
      emptyLabel: 'Nenhum alarme',
      decoder: {
        kind: 'bits',
        bits: [
          { bit: 1, label: 'Relé Buchholz atuado', tone: 'bad' },
          { bit: 2, label: 'Desligamento por sobretemperatura', tone: 'bad' },
        ],
      },
    },
    { type: 'readings', title: 'Carga', items: [reading('kW', 'Potência')] },
  ],
};

export default panel;
