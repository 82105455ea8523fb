import { describe, expect, it } from 'vitest';
import {
  acknowledgeRequest,
  HISTORY_DEFAULT_FLAGS,
  occurrenceFlags,
  selectedIds,
  setAllSelected,
  toggleSelected,
} from './acknowledgement.js';

const rows = [{ id: 1, selected: false }, { id: 2, selected: true }, { id: 3 }];

describe('Alarms can be selected one by one or all (the select-all box sets or clears all rows)', () => {
  it.each([
    [true, [1, 2, 3]],
    [false, []],
  ])('select-all %s selects %o', (checked, ids) => {
    expect(selectedIds(setAllSelected(rows, checked))).toEqual(ids);
  });

  it('one by one', () => {
    expect(selectedIds(toggleSelected(rows, 3))).toEqual([2, 3]);
    expect(selectedIds(toggleSelected(rows, 2))).toEqual([]);
  });

  it('Acknowledging with none selected does nothing; otherwise the selected ids are sent', () => {
    expect(acknowledgeRequest(setAllSelected(rows, false))).toBeNull();
    expect(acknowledgeRequest(rows)).toEqual({ ids: [2] });
  });
});

describe('events toggle', () => {
  it('history defaults event=false, alert=true', () => {
    expect(HISTORY_DEFAULT_FLAGS).toEqual({ evento: false, alarme: true });
  });

  it.each([
    [false, { evento: false, alarme: true }],
    [true, { evento: true, alarme: true }],
  ])('switches between active-only and active-plus-events (%s)', (include, expected) => {
    expect(occurrenceFlags(include)).toEqual(expected);
  });
});
