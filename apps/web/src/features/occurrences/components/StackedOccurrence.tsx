import type { OccurrenceRow } from '@vigia/contract';
import { formatDateTime, formatText, siteWithUf } from '@vigia/domain';
import type { ReactNode } from 'react';
import { RowLink } from '../../../ui/table/RowControls';
import { stateLabel } from './occurrenceColumns';
import classes from './StackedOccurrence.module.css';

interface Props {
  row: OccurrenceRow;
  /** The device's site page, when the user can open it. */
  siteHref: string | null;
  /** Drawn at the end of the first line (the details button). */
  action?: ReactNode;
}

/** Height of a stacked alarm row on a phone: three lines and their padding. */
export const STACKED_OCCURRENCE_HEIGHT = 86;

/**
 * An alarm on a phone (issue 27): its state; its name and criticality;
 * equipment, site and activation time — what the desktop spreads over columns.
 * The row's colour still says the state.
 */
export function StackedOccurrence({ row, siteHref, action }: Props) {
  const equipment = formatText(row.patrimonio);
  // Plain elements and one class each: a phone's list draws some twenty of these
  // in its first frame, where Mantine's Group and Text cost a component each.
  return (
    <div>
      <div className={classes.line}>
        <span className={`${classes.fill} ${classes.state}`}>{stateLabel(row)}</span>
        {action}
      </div>
      <div className={classes.line}>
        <span className={`${classes.fill} ${classes.name}`}>{formatText(row.nomeAlarme)}</span>
        <span className={classes.criticality} title={`Criticidade ${row.critico}`}>
          <span className={classes.visuallyHidden}>Criticidade </span>
          {row.critico}
        </span>
      </div>
      <div className={classes.line}>
        <span className={`${classes.fill} ${classes.small}`}>
          {siteHref ? <RowLink to={siteHref}>{equipment}</RowLink> : equipment}
          {' · '}
          {formatText(siteWithUf(row.localNome, row.uf))}
        </span>
        <span className={`${classes.small} ${classes.time}`}>
          {formatDateTime(row.horaAtivacao)}
        </span>
      </div>
    </div>
  );
}

/** The stacked row as plain text, for its tooltip. */
export function stackedOccurrenceText(row: OccurrenceRow): string {
  return [
    stateLabel(row),
    `Criticidade ${row.critico}`,
    formatDateTime(row.horaAtivacao),
    formatText(row.nomeAlarme),
    formatText(row.patrimonio),
    formatText(siteWithUf(row.localNome, row.uf)),
  ].join(' · ');
}
