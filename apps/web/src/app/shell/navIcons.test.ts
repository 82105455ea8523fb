import { IconPoint } from '@tabler/icons-react';
import { describe, expect, it } from 'vitest';
import { ROUTES } from '../router/routeTable';
import { navIcon } from './navIcons';

describe('navIcon', () => {
  it('gives every mounted side-navigation entry an icon of its own', () => {
    const fallback = ROUTES.filter((r) => r.nav && r.page && navIcon(r.id) === IconPoint).map(
      (r) => r.id,
    );
    expect(fallback).toEqual([]);
  });
});
