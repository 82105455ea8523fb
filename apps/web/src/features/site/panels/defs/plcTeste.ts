import type { PanelDefinition } from '../types';
import { PLC_TEMPERATURES, plcAlarms, pressures } from './blocks';

/** 'plc teste': the commissioning view of a PLC: first pressures, temperatures, two alarms. */
const panel: PanelDefinition = {
  title: 'PLC · teste',
  kind: 'plc',
  sections: [pressures(['pt01', 'pt02', 'pt03']), PLC_TEMPERATURES, plcAlarms(2)],
};

export default panel;
