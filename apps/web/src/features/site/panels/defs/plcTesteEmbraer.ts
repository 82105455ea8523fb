import type { PanelDefinition } from '../types';
import { gasFlow, PLC_TEMPERATURES, plcAlarms, pressures } from './blocks';

/** 'plc teste embraer': a customer's PLC test view: line pressures, temperatures, all alarms. */
const panel: PanelDefinition = {
  title: 'PLC · teste Embraer',
  kind: 'plc',
  sections: [
    pressures(['pt01', 'pt02', 'pt03', 'pt04'], 'Pressões da linha'),
    PLC_TEMPERATURES,
    gasFlow,
    plcAlarms(8),
  ],
};

export default panel;
