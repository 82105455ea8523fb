import type { OccurrenceRow } from '@vigia/contract';
import {
  acknowledgeRequest,
  canAcknowledge,
  type SelectableRow,
  selectedIds,
  setAllSelected,
  toggleSelected,
} from '@vigia/domain';
import { useCallback, useMemo, useState } from 'react';
import type { RowSelection } from '../../../ui/table/types';

export interface OccurrenceSelection extends RowSelection<OccurrenceRow> {
  /** Selected ids among the rows on screen. */
  ids: number[];
  /** The acknowledge body, or null when nothing is selected (spec 001 §4: nothing happens). */
  request: () => { ids: number[] } | null;
  clear: () => void;
}

function selectable(rows: readonly OccurrenceRow[], chosen: ReadonlySet<number>): SelectableRow[] {
  return rows.filter(canAcknowledge).map((row) => ({ id: row.id, selected: chosen.has(row.id) }));
}

/**
 * Spec 001 §4 selection with the domain's rules: rows one by one, or all at
 * once (the select-all box sets or clears all). Only alarms still waiting for
 * an acknowledgement can be chosen; rows that leave the list leave the selection.
 */
export function useOccurrenceSelection(rows: readonly OccurrenceRow[]): OccurrenceSelection {
  const [chosen, setChosen] = useState<ReadonlySet<number>>(new Set());
  const current = useMemo(() => selectable(rows, chosen), [rows, chosen]);
  const ids = useMemo(() => selectedIds(current), [current]);
  const selected = useMemo(() => new Set(ids), [ids]);

  const onToggle = useCallback(
    (row: OccurrenceRow) => setChosen(new Set(selectedIds(toggleSelected(current, row.id)))),
    [current],
  );
  const onToggleAll = useCallback(
    (checked: boolean) => setChosen(new Set(selectedIds(setAllSelected(current, checked)))),
    [current],
  );

  return {
    ids,
    isSelected: (row) => selected.has(row.id),
    onToggle,
    onToggleAll,
    canSelect: canAcknowledge,
    label: (row) => `Selecionar ${row.nomeAlarme} de ${row.patrimonio || row.idDispositivo}`,
    request: () => acknowledgeRequest(current),
    clear: () => setChosen(new Set()),
  };
}
