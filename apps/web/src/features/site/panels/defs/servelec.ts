import type { PanelDefinition } from '../types';
import {
  ENGINE_ITEMS,
  generatorCounters,
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
    // Starts are among the counters already.
    { type: 'readings', title: 'Motor', format: 'generator', columns: 3, items: ENGINE_ITEMS },
    otherGenerators,
  ],
};

export default panel;
