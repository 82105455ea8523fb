import type { DeviceRow } from '@vigia/contract';
import { PLACEHOLDER_NUMBER } from '@vigia/domain';
import { StateBadge } from '../../../../ui/StateBadge';
import { currentValue } from '../readings';
import classes from './Panel.module.css';

interface Props {
  device: DeviceRow | null;
  items: readonly { name: string; label: string }[];
}

/** Alarm readings (PLC `alarme1` … `alarme8`): active when not zero. */
export function AlarmList({ device, items }: Props) {
  return (
    <dl className={classes.states} data-pairs={items.length > 4 ? 2 : undefined}>
      {items.map((item) => {
        const value = currentValue(device, item.name);
        return (
          <div key={item.name} style={{ display: 'contents' }} data-alarm={item.name}>
            <dt>{item.label}</dt>
            <dd>
              {value === null ? (
                <StateBadge tone="neutral">{PLACEHOLDER_NUMBER}</StateBadge>
              ) : (
                <StateBadge tone={value !== 0 ? 'bad' : 'neutral'}>
                  {value !== 0 ? 'Ativo' : 'Normal'}
                </StateBadge>
              )}
            </dd>
          </div>
        );
      })}
    </dl>
  );
}
