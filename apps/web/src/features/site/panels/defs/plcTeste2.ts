import type { PanelDefinition } from '../types';
import { gasFlow, PLC_TEMPERATURES, plcAlarms, pressures } from './blocks';

/** 'plc teste2': the second commissioning view: six pressures, flow, four alarms. */
const panel: PanelDefinition = {
  title: 'PLC · teste 2',
  kind: 'plc',
  sections: [
    pressures(['pt01', 'pt02', 'pt03', 'pt04', 'pt05', 'pt06']),
    PLC_TEMPERATURES,
    gasFlow,
    plcAlarms(4),
  ],
};

export default panel;
