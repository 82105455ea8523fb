import { useCallback, useMemo, useState } from 'react';
import { readStored, removeStored, writeStored } from '../../lib/storage';
import type { ListColumn } from './types';
import { defaultHiddenKeys } from './visibleColumns';

/** Storage name of a table's column choice (spec 000 §3: chosen columns are kept in the browser). */
export function columnChoiceKey(tableId: string): string {
  return `tabela.${tableId}.colunasOcultas`;
}

function readHidden(tableId: string): string[] | null {
  const text = readStored(columnChoiceKey(tableId));
  if (!text) return null;
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value.filter((k): k is string => typeof k === 'string') : null;
  } catch {
    return null;
  }
}

export interface ColumnChoice {
  hidden: ReadonlySet<string>;
  setColumnShown: (key: string, shown: boolean) => void;
  /** Back to the table's default columns (and forget the stored choice). */
  reset: () => void;
}

/**
 * The columns the user hid in a table, per table id, kept in local storage.
 * Hidden keys are stored (not shown ones) so a column added later shows by default.
 */
export function useColumnChoice<T>(
  tableId: string,
  columns: readonly ListColumn<T>[],
): ColumnChoice {
  const defaults = useMemo(() => defaultHiddenKeys(columns), [columns]);
  const [stored, setStored] = useState<{ id: string; keys: string[] | null }>(() => ({
    id: tableId,
    keys: readHidden(tableId),
  }));
  // Another table id (same component, other screen) reads its own choice.
  const keys = stored.id === tableId ? stored.keys : readHidden(tableId);
  const hiddenKeys = keys ?? defaults;
  const hidden = useMemo(() => new Set(hiddenKeys), [hiddenKeys]);

  const save = useCallback(
    (next: string[] | null) => {
      if (next === null) removeStored(columnChoiceKey(tableId));
      else writeStored(columnChoiceKey(tableId), JSON.stringify(next));
      setStored({ id: tableId, keys: next });
    },
    [tableId],
  );

  const setColumnShown = useCallback(
    (key: string, shown: boolean) => {
      const next = new Set(hiddenKeys);
      if (shown) next.delete(key);
      else next.add(key);
      save([...next]);
    },
    [hiddenKeys, save],
  );

  const reset = useCallback(() => save(null), [save]);
  return { hidden, setColumnShown, reset };
}
