import type { DeviceRow } from '@vigia/contract';
import {
  CAPACITY_MISSING,
  type DeviceParams,
  NOMINAL_MISSING,
  PLACEHOLDER_NUMBER,
  percentOfNominal,
} from '@vigia/domain';
import { TONE_BORDER } from '../../../../ui/tone';
import { levelTone } from '../decoders';
import { readingOf } from '../readings';
import type { LevelScale, LevelSpec, ValueFormat } from '../types';
import { formatValue } from '../values';
import classes from './Panel.module.css';

interface Props {
  device: DeviceRow | null;
  items: readonly LevelSpec[];
  params: DeviceParams;
  format?: ValueFormat;
}

/** The bar's full scale; null when the device has no nominal or capacity registered. */
function scaleMax(
  scale: LevelScale,
  device: DeviceRow | null,
  params: DeviceParams,
): number | null {
  switch (scale.kind) {
    case 'fixed':
      return scale.max;
    case 'nominal':
      return params[scale.param];
    case 'param': {
      const raw = device?.params.find((p) => p.nome === scale.param)?.valor;
      const value = typeof raw === 'string' ? Number(raw) : raw;
      return typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : null;
    }
  }
}

/** Levels (load, fuel, charge, stock) as bars against their scale; colour only from a spec rule. */
export function LevelBars({ device, items, params, format }: Props) {
  return (
    <ul className={classes.levels}>
      {items.map((item) => {
        const reading = readingOf(device, item.name);
        const max = scaleMax(item.scale, device, params);
        const valid = reading.value !== null && reading.value >= 0;
        const share = valid ? percentOfNominal(reading.value, max) : null;
        const percent = share === null ? null : Math.min(100, share);
        // Without a registered scale: the value with its unit, no bar and no verdict.
        const missing =
          valid && max === null
            ? item.scale.kind === 'nominal'
              ? NOMINAL_MISSING
              : CAPACITY_MISSING
            : null;
        const tone = levelTone(item.rule, reading.value, percent);
        const text = formatValue(item.name, reading.value, item.format ?? format, item.decimals);
        const unit = text === PLACEHOLDER_NUMBER ? '' : (item.unit ?? reading.unit);
        return (
          <li key={item.name} data-reading={item.name}>
            <div className={classes.levelHead}>
              <span className={classes.label}>{item.label}</span>
              <span className={classes.levelValue}>
                {text}
                {unit && <span className={classes.unit}> {unit}</span>}
              </span>
            </div>
            {missing !== null ? (
              <p className={classes.empty} data-scale-missing="" style={{ margin: 0 }}>
                {missing}
              </p>
            ) : (
              <div
                className={classes.track}
                aria-hidden="true"
                data-percent={percent === null ? undefined : Math.round(percent)}
              >
                {percent !== null && (
                  <div
                    className={classes.fill}
                    style={{
                      width: `${percent}%`,
                      background:
                        tone === 'neutral' ? 'var(--mantine-color-gray-6)' : TONE_BORDER[tone],
                    }}
                  />
                )}
              </div>
            )}
          </li>
        );
      })}
    </ul>
  );
}
