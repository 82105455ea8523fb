import type { PanelDefinition } from '../types';
import {
  generatorLevels,
  generatorPhases,
  generatorPower,
  generatorStates,
  otherGenerators,
  siteTransfer,
} from './blocks';
import { transferDiagram } from './diagrams';

/** 'gerador qta': a generator with its site's transfer panel (mains side from the QTA). */
const panel: PanelDefinition = {
  title: 'Gerador e QTA',
  kind: 'standard',
  sections: [
    generatorStates,
    ...siteTransfer,
    transferDiagram,
    generatorLevels,
    generatorPower,
    generatorPhases,
    otherGenerators,
  ],
};

export default panel;
