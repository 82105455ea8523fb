import type { PanelDefinition } from '../types';
import {
  generatorCounters,
  generatorEngine,
  generatorLevels,
  generatorPhases,
  generatorPower,
  generatorStates,
  otherGenerators,
} from './blocks';

/** 'servelec': generator telemetry in the Servelec layout: counters up front. */
const panel: PanelDefinition = {
  title: 'Gerador · telemetria',
  kind: 'standard',
  sections: [
    generatorStates,
    generatorCounters,
    generatorLevels,
    generatorPhases,
    generatorPower,
    generatorEngine,
    otherGenerators,
  ],
};

export default panel;
