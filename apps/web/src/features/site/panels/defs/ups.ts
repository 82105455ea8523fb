import { READING } from '@vigia/domain';
import type { PanelDefinition } from '../types';
import { reading } from './blocks';

const PHASES = ['A', 'B', 'C'];

/**
 * 'UPS': mains, output and battery currents and voltages, kW per phase, load
 * level, frequencies, backup time, battery room temperature, charging level
 * and the three status words.
 */
const panel: PanelDefinition = {
  title: 'UPS',
  kind: 'standard',
  sections: [
    {
      type: 'levels',
      title: 'Níveis',
      items: [
        {
          name: 'cargaPercent',
          label: 'Nível de carga da saída',
          decimals: 0,
          scale: { kind: 'fixed', max: 100 },
        },
        {
          name: 'cargaBateria',
          label: 'Carga da bateria',
          decimals: 0,
          scale: { kind: 'fixed', max: 100 },
        },
      ],
    },
    {
      type: 'readings',
      title: 'Bateria',
      columns: 2,
      items: [
        reading('autonomia', 'Autonomia', { decimals: 0 }),
        reading('Vbat', 'Tensão da bateria', { decimals: 1 }),
        reading('Ibat', 'Corrente da bateria', { decimals: 1 }),
        reading('tempSala', 'Temperatura da sala', { decimals: 1 }),
      ],
    },
    {
      type: 'word',
      title: 'Modo',
      name: READING.upsMode,
      decoder: { kind: 'upsMode' },
      emptyLabel: 'Sem modo informado',
    },
    {
      type: 'word',
      title: 'Alarmes',
      name: READING.upsAlarms,
      decoder: { kind: 'upsAlarms' },
      emptyLabel: 'Nenhum alarme',
    },
    {
      type: 'states',
      title: 'Quadro',
      items: [{ name: READING.upsBreakers, label: 'Quadro', decoder: 'upsQuadro' }],
    },
    {
      type: 'readings',
      title: 'Entrada (rede)',
      columns: 4,
      items: [
        ...PHASES.map((p) => reading(`Vin${p}`, `Tensão ${p}`, { decimals: 1 })),
        reading('HzIn', 'Frequência', { decimals: 1 }),
      ],
    },
    {
      type: 'readings',
      title: 'Saída',
      columns: 4,
      items: [
        ...PHASES.map((p) => reading(`Vout${p}`, `Tensão ${p}`, { decimals: 1 })),
        reading('HzOut', 'Frequência', { decimals: 1 }),
        ...PHASES.map((p) => reading(`Iout${p}`, `Corrente ${p}`, { decimals: 1 })),
      ],
    },
    {
      type: 'readings',
      title: 'Potência por fase',
      columns: 3,
      items: PHASES.map((p) => reading(`kW${p}`, `Fase ${p}`)),
    },
  ],
};

export default panel;
