import type { PanelDefinition } from '../types';
import { generatorLevels, generatorStates, otherGenerators } from './blocks';

/** 'gerador custom': the generator's state and every reading its controller reports. */
const panel: PanelDefinition = {
  title: 'Gerador · todas as leituras',
  kind: 'standard',
  sections: [
    generatorStates,
    generatorLevels,
    {
      type: 'allReadings',
      title: 'Leituras do controlador',
      format: 'generator',
      // The controller's raw alarm word: its alarms are in the occurrences below.
      exclude: ['alarmesGMG'],
    },
    otherGenerators,
  ],
};

export default panel;
