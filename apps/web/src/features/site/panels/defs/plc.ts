import type { PanelDefinition } from '../types';
import { gasFlow, PLC_TEMPERATURES, PT_ALL, plcAlarms, pressures } from './blocks';

/** 'plc': the gas PLC: pressures pt01–pt09, temperatures tt01–tt02, alarms 1–8. */
const panel: PanelDefinition = {
  title: 'PLC de gás',
  kind: 'plc',
  sections: [pressures(PT_ALL), PLC_TEMPERATURES, gasFlow, plcAlarms(8)],
};

export default panel;
