import type { PanelDefinition } from '../types';

const CHANNELS = [1, 2, 3, 4, 5, 6, 7, 8];

/** 'adam': an ADAM I/O module: analogue channels as bars against their 0–100 % span. */
const panel: PanelDefinition = {
  title: 'Módulo ADAM',
  kind: 'standard',
  sections: [
    {
      type: 'levels',
      title: 'Canais analógicos',
      items: CHANNELS.map((n) => ({
        name: `ai${n}`,
        label: `AI${n}`,
        decimals: 1,
        scale: { kind: 'fixed', max: 100 } as const,
      })),
    },
    { type: 'inputs', title: 'Entradas digitais', name: 'di', count: 16 },
  ],
};

export default panel;
