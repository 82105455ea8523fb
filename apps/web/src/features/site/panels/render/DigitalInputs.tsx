import { inverterDigitalInputs } from '@vigia/domain';
import { StateBadge } from '../../../../ui/StateBadge';
import classes from './Panel.module.css';

interface Props {
  value: number | null;
  count: number;
}

/** Spec 001 §4: a word decoded bit by bit as ON or OFF (input 1 is bit 0). */
export function DigitalInputs({ value, count }: Props) {
  return (
    <ul className={classes.inputs}>
      {inverterDigitalInputs(value, count).map((state, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: inputs are numbered by position
        <li key={i} className={classes.input}>
          <span>E{i + 1}</span>
          <StateBadge tone={state === 'ON' ? 'info' : 'neutral'} size="sm">
            {state}
          </StateBadge>
        </li>
      ))}
    </ul>
  );
}
