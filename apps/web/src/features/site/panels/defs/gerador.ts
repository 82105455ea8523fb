import type { PanelDefinition } from '../types';
import {
  generatorEngine,
  generatorLevels,
  generatorPhases,
  generatorPower,
  generatorStates,
  otherGenerators,
} from './blocks';

/** 'gerador': the standard generator panel. */
const panel: PanelDefinition = {
  title: 'Gerador',
  kind: 'standard',
  sections: [
    generatorStates,
    generatorLevels,
    generatorPower,
    generatorPhases,
    generatorEngine,
    otherGenerators,
  ],
};

export default panel;
