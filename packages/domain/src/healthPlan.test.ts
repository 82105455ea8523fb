import { describe, expect, it } from 'vitest';
import { HEALTH_PLAN_INITIAL, nextHealthPlanToggle, toggleHealthPlanList } from './healthPlan.js';

describe('A toggle from false goes to true; from true, null or undefined it returns to the initial list and false', () => {
  it.each([
    [false, true],
    [true, false],
    [null, false],
    [undefined, false],
  ])('%s → %s', (current, next) => {
    expect(nextHealthPlanToggle(current)).toBe(next);
  });

  it("from the initial list, 'without reason' shows the 'without reason' list", () => {
    expect(toggleHealthPlanList(HEALTH_PLAN_INITIAL, 'withoutReason')).toEqual({
      list: 'withoutReason',
      withoutReason: true,
      all: false,
    });
  });

  it("from the initial list, 'all' shows the all-occurrences list", () => {
    expect(toggleHealthPlanList(HEALTH_PLAN_INITIAL, 'all')).toEqual({
      list: 'all',
      withoutReason: false,
      all: true,
    });
  });

  it('pressing an active toggle returns to the initial list', () => {
    const withoutReason = toggleHealthPlanList(HEALTH_PLAN_INITIAL, 'withoutReason');
    expect(toggleHealthPlanList(withoutReason, 'withoutReason')).toEqual(HEALTH_PLAN_INITIAL);
  });

  it("switching from 'without reason' to 'all' turns the first off", () => {
    const withoutReason = toggleHealthPlanList(HEALTH_PLAN_INITIAL, 'withoutReason');
    expect(toggleHealthPlanList(withoutReason, 'all')).toEqual({
      list: 'all',
      withoutReason: false,
      all: true,
    });
  });

  it('an undefined toggle returns to the initial list', () => {
    expect(
      toggleHealthPlanList({ list: 'all', withoutReason: undefined, all: true }, 'withoutReason'),
    ).toEqual(HEALTH_PLAN_INITIAL);
  });
});
