import type { PanelDefinition } from '../types';
import { TRANSFER_STATE_ITEMS } from './blocks';
import { generatorPairWithTransfer } from './diagrams';

/** Generator single-line (second customer variant): GMG1 and GMG2 behind the transfer panel. */
const panel: PanelDefinition = {
  title: 'Unifilar dos geradores e QTA',
  kind: 'synoptic',
  sections: [
    generatorPairWithTransfer,
    {
      type: 'states',
      title: 'Transferência (QTA)',
      source: { peerTipo: 'qta' },
      items: TRANSFER_STATE_ITEMS,
    },
  ],
};

export default panel;
