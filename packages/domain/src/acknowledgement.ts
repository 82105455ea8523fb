export interface SelectableRow {
  id: number;
  selected?: boolean;
}

/** Spec 001 §4: the select-all box sets or clears all rows. */
export function setAllSelected<T extends SelectableRow>(rows: readonly T[], checked: boolean): T[] {
  return rows.map((row) => ({ ...row, selected: checked }));
}

export function toggleSelected<T extends SelectableRow>(rows: readonly T[], id: number): T[] {
  return rows.map((row) => (row.id === id ? { ...row, selected: !row.selected } : row));
}

export function selectedIds(rows: readonly SelectableRow[]): number[] {
  return rows.filter((row) => row.selected).map((row) => row.id);
}

/** The acknowledge body, or null: acknowledging with none selected does nothing. */
export function acknowledgeRequest(rows: readonly SelectableRow[]): { ids: number[] } | null {
  const ids = selectedIds(rows);
  return ids.length > 0 ? { ids } : null;
}

/** Spec 001 §4: history defaults to event=false, alert=true. */
export const HISTORY_DEFAULT_FLAGS = { evento: false, alarme: true } as const;

/** The events toggle: active alarms only, or active alarms plus events. */
export function occurrenceFlags(includeEvents: boolean): { evento: boolean; alarme: boolean } {
  return { evento: includeEvents, alarme: true };
}
