import type { DeviceRow } from '@vigia/contract';
import { StateBadge } from '../../../../ui/StateBadge';
import { decodeState } from '../decoders';
import { currentValue } from '../readings';
import type { StateSpec } from '../types';
import classes from './Panel.module.css';

interface Props {
  device: DeviceRow | null;
  items: readonly StateSpec[];
  online: boolean;
}

/** Decoded states (mode, status, switches) as badges. */
export function StateList({ device, items, online }: Props) {
  return (
    <dl className={classes.states}>
      {items.map((item) => {
        const state = decodeState(item.decoder, currentValue(device, item.name), online);
        return (
          <div key={item.name} style={{ display: 'contents' }} data-state={item.name}>
            <dt>{item.label}</dt>
            <dd>
              <StateBadge tone={state.tone}>{state.label}</StateBadge>
            </dd>
          </div>
        );
      })}
    </dl>
  );
}
