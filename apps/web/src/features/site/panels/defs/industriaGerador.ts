import type { PanelDefinition } from '../types';
import {
  generatorLevels,
  generatorPower,
  generatorStates,
  otherGenerators,
  siteTransfer,
} from './blocks';

/** 'industria' variant for the generator of an industrial site. */
const panel: PanelDefinition = {
  title: 'Indústria · gerador',
  kind: 'standard',
  sections: [generatorStates, generatorLevels, generatorPower, ...siteTransfer, otherGenerators],
};

export default panel;
