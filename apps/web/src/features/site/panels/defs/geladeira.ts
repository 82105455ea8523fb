import { READING } from '@vigia/domain';
import type { PanelDefinition } from '../types';
import { reading } from './blocks';

/** 'geladeira': a cold room on a frequency inverter (spec 001 §4 inverter decoders). */
const panel: PanelDefinition = {
  title: 'Câmara fria · inversor',
  kind: 'standard',
  sections: [
    {
      type: 'states',
      title: 'Automação',
      items: [
        { name: READING.inverterAutomation, label: 'Automação', decoder: 'inverterAutomation' },
      ],
    },
    {
      type: 'readings',
      title: 'Temperaturas',
      items: [
        reading('tempCamara', 'Câmara', { decimals: 1 }),
        reading('tempEvaporador', 'Evaporador', { decimals: 1 }),
      ],
    },
    {
      type: 'readings',
      title: 'Compressor e inversor',
      columns: 2,
      items: [
        reading('correnteCompressor', 'Corrente do compressor'),
        reading('freqInversor', 'Frequência do inversor', { decimals: 1 }),
        reading('pressaoSuccao', 'Pressão de sucção'),
        reading('pressaoDescarga', 'Pressão de descarga'),
      ],
    },
    {
      type: 'word',
      title: 'Status do inversor',
      name: READING.inverterStatus,
      decoder: { kind: 'inverterStatus' },
      emptyLabel: 'Nenhum status ativo',
    },
    { type: 'readings', title: 'Energia', items: [reading('kWh', 'Energia consumida')] },
    { type: 'inputs', title: 'Entradas digitais', name: 'entradasDigitais', count: 16 },
  ],
};

export default panel;
