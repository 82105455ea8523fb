import type { OccurrenceRow } from '@vigia/contract';
import { formatText, siteWithUf } from '@vigia/domain';
import type { ConfirmTarget } from '../../../ui/ConfirmTargets';

/** An alarm as a confirmation names it: the alarm, its equipment and its site. */
export function alarmTarget(row: OccurrenceRow): ConfirmTarget {
  return {
    key: row.id,
    fields: [
      ['Alarme', formatText(row.nomeAlarme)],
      ['Equipamento', formatText(row.patrimonio)],
      ['Site', formatText(siteWithUf(row.localNome, row.uf))],
    ],
  };
}
