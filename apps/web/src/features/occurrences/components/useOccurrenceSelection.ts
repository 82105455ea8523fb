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
  /** The selected rows on screen (named by the confirmations). */
  rows: OccurrenceRow[];
  /** Selected ids of alarms waiting for an acknowledgement. */
  ackIds: number[];
  /** Their rows. */
  ackRows: OccurrenceRow[];
  /** The acknowledge body, or null when none of those is selected (spec 001 §4: nothing happens). */
  request: () => { ids: number[] } | null;
  clear: () => void;
}

/** Any alarm of an attention list can be shelved (ISA-18.2); events cannot. */
const isAlarm = (row: OccurrenceRow) => !row.isEvt;

function selectable(
  rows: readonly OccurrenceRow[],
  chosen: ReadonlySet<number>,
  canSelect: (row: OccurrenceRow) => boolean,
): SelectableRow[] {
  return rows.filter(canSelect).map((row) => ({ id: row.id, selected: chosen.has(row.id) }));
}

/**
 * Spec 001 §4 selection with the domain's rules: rows one by one, or all at
 * once (the select-all box sets or clears all). Only alarms still waiting for
 * an acknowledgement can be chosen, or any alarm when the list offers shelving
 * (acknowledging then sends only those waiting); rows that leave the list
 * leave the selection.
 */
export function useOccurrenceSelection(
  rows: readonly OccurrenceRow[],
  /** Alarms already acknowledged can be chosen too (to shelve them). */
  shelving = false,
): OccurrenceSelection {
  const [chosen, setChosen] = useState<ReadonlySet<number>>(new Set());
  const canSelect = shelving ? isAlarm : canAcknowledge;
  const current = useMemo(() => selectable(rows, chosen, canSelect), [rows, chosen, canSelect]);
  const ids = useMemo(() => selectedIds(current), [current]);
  const selected = useMemo(() => new Set(ids), [ids]);
  const acknowledgeable = useMemo(
    () => selectable(rows, selected, canAcknowledge),
    [rows, selected],
  );
  const ackIds = useMemo(() => selectedIds(acknowledgeable), [acknowledgeable]);
  const chosenRows = useMemo(() => rows.filter((row) => selected.has(row.id)), [rows, selected]);
  const ackRows = useMemo(() => {
    const waiting = new Set(ackIds);
    return rows.filter((row) => waiting.has(row.id));
  }, [rows, ackIds]);

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
    rows: chosenRows,
    ackIds,
    ackRows,
    isSelected: (row) => selected.has(row.id),
    onToggle,
    onToggleAll,
    canSelect,
    label: (row) => `Selecionar ${row.nomeAlarme} de ${row.patrimonio || row.idDispositivo}`,
    request: () => acknowledgeRequest(acknowledgeable),
    clear: () => setChosen(new Set()),
  };
}
