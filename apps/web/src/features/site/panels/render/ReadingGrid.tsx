import type { DeviceRow } from '@vigia/contract';
import { PLACEHOLDER_NUMBER } from '@vigia/domain';
import { readingOf } from '../readings';
import type { ReadingSpec, ValueFormat } from '../types';
import { formatValue } from '../values';
import classes from './Panel.module.css';

interface Props {
  device: DeviceRow | null;
  items: readonly ReadingSpec[];
  format?: ValueFormat;
  columns?: 2 | 3 | 4;
}

/** Readings as label, value and unit, in the spec's formats. */
export function ReadingGrid({ device, items, format, columns }: Props) {
  return (
    <dl className={classes.readings} data-columns={columns}>
      {items.map((item) => {
        const reading = readingOf(device, item.name);
        const text = formatValue(item.name, reading.value, item.format ?? format, item.decimals);
        // No unit after '---': there is no quantity to qualify.
        const unit = text === PLACEHOLDER_NUMBER ? '' : (item.unit ?? reading.unit);
        return (
          <div key={item.name} className={classes.item} data-reading={item.name}>
            <dt className={classes.label} title={item.label}>
              {item.label}
            </dt>
            <dd className={classes.value}>
              <span className={classes.number}>{text}</span>
              {unit && <span className={classes.unit}> {unit}</span>}
            </dd>
          </div>
        );
      })}
    </dl>
  );
}
