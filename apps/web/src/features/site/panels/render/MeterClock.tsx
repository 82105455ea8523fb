import type { DeviceRow } from '@vigia/contract';
import { formatDateTime, formatNumber, PLACEHOLDER_NUMBER, zeroPad } from '@vigia/domain';
import { currentValue } from '../readings';
import classes from './Panel.module.css';

/** The meter's clock as it reports it (DIA, MES, ANO, HORA, MINUTO), or '---' when incomplete. */
export function meterClockText(device: DeviceRow | null): string {
  const [dia, mes, ano, hora, minuto] = ['DIA', 'MES', 'ANO', 'HORA', 'MINUTO'].map((name) =>
    currentValue(device, name),
  );
  if ([dia, mes, ano, hora, minuto].some((v) => v === null || v === undefined)) {
    return PLACEHOLDER_NUMBER;
  }
  const pad = (v: number | null | undefined) => zeroPad(Math.trunc(v as number));
  return `${pad(dia)}/${pad(mes)}/${Math.trunc(ano as number)} ${pad(hora)}:${pad(minuto)}`;
}

/** Serial number, the meter's own clock and when Vigia last heard from it. */
export function MeterClock({ device }: { device: DeviceRow | null }) {
  return (
    <dl className={`${classes.readings} ${classes.clock}`}>
      <div className={classes.item}>
        <dt className={classes.label}>Número de série</dt>
        <dd className={classes.value}>
          <span className={classes.number}>
            {formatNumber(currentValue(device, 'NUMSERIE'), 0, { grouping: false })}
          </span>
        </dd>
      </div>
      <div className={classes.item} data-reading="relogio">
        <dt className={classes.label}>Relógio do medidor</dt>
        <dd className={classes.value}>
          <span className={classes.number}>{meterClockText(device)}</span>
        </dd>
      </div>
      <div className={classes.item}>
        <dt className={classes.label}>Última leitura</dt>
        <dd className={classes.value}>
          <span className={classes.number}>{formatDateTime(device?.ultimaLeitura ?? null)}</span>
        </dd>
      </div>
    </dl>
  );
}
