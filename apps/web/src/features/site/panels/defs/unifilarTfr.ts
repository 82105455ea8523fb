import type { PanelDefinition } from '../types';
import { tfrSingleLine } from './diagrams';

/** TFR single-line: grid and bus, kW, kVAr, frequency, power factor, energy, mode, generators. */
const panel: PanelDefinition = {
  title: 'Unifilar do TFR',
  kind: 'synoptic',
  sections: [tfrSingleLine],
};

export default panel;
