import type { PanelDefinition } from '../types';
import {
  generatorCounters,
  generatorPower,
  generatorStates,
  LOAD_LEVEL,
  otherGenerators,
  POWER_OF_NOMINAL,
} from './blocks';

/** 'gerador energ': a generator's power and generated energy. */
const panel: PanelDefinition = {
  title: 'Gerador · energia',
  kind: 'standard',
  sections: [
    generatorStates,
    { type: 'levels', title: 'Carregamento', items: [POWER_OF_NOMINAL, LOAD_LEVEL] },
    generatorPower,
    generatorCounters,
    otherGenerators,
  ],
};

export default panel;
