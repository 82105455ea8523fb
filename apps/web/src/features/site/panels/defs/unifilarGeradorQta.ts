import type { PanelDefinition } from '../types';
import { TRANSFER_STATE_ITEMS } from './blocks';
import { generatorsWithTransfer } from './diagrams';

/** Generator single-line (second customer variant): the generators behind the transfer panel. */
const panel: PanelDefinition = {
  title: 'Unifilar dos geradores e QTA',
  kind: 'synoptic',
  sections: [
    generatorsWithTransfer,
    {
      type: 'states',
      title: 'Transferência (QTA)',
      source: { peerTipo: 'qta' },
      items: TRANSFER_STATE_ITEMS,
    },
  ],
};

export default panel;
