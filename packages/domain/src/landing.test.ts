import { describe, expect, it } from 'vitest';
import { CUSTOMER_HOME_SYSTEM_ID, landingTarget } from './landing.js';

const opensGenerators = (id: number) => id === 121;

describe('The customer home opens automatically when the user has one system or fewer; system 121 opens the generators page, other systems the cluster home', () => {
  it.each([
    ['no system stays on the list', [], { kind: 'systems' }],
    ['two systems show the list', [{ id: 5 }, { id: 6 }], { kind: 'systems' }],
    ['one system opens its cluster home', [{ id: 5 }], { kind: 'cluster', sisId: 5 }],
    ['system 121 opens the generators page', [{ id: 121 }], { kind: 'generators', sisId: 121 }],
  ])('%s', (_name, systems, expected) => {
    expect(landingTarget(systems, opensGenerators)).toEqual(expected);
    expect(CUSTOMER_HOME_SYSTEM_ID).toBe(0);
  });
});
