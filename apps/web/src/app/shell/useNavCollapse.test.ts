import { act, renderHook } from '@testing-library/react';
import type { Breakpoint } from '@vigia/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useNavCollapse } from './useNavCollapse';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

function render(breakpoint: Breakpoint, route = '/5/home-cluster') {
  return renderHook(({ bp, path }) => useNavCollapse(bp, path), {
    initialProps: { bp: breakpoint, path: route },
  });
}

describe('side navigation collapse (spec 000 §2)', () => {
  it('when not pinned it collapses 2500 ms after opening', () => {
    const { result } = render('lg');
    expect(result.current.expanded).toBe(true);
    act(() => vi.advanceTimersByTime(2499));
    expect(result.current.expanded).toBe(true);
    act(() => vi.advanceTimersByTime(1));
    expect(result.current.expanded).toBe(false);
  });

  it('stays open when pinned, and the pin is remembered', () => {
    const { result } = render('lg');
    act(() => result.current.togglePinned());
    act(() => vi.advanceTimersByTime(10_000));
    expect(result.current.expanded).toBe(true);
    expect(localStorage.getItem('vigia.nav.pinned')).toBe('1');
    const again = render('lg');
    act(() => vi.advanceTimersByTime(10_000));
    expect(again.result.current.pinned).toBe(true);
    expect(again.result.current.expanded).toBe(true);
  });

  it('unpinning starts the 2500 ms countdown again', () => {
    const { result } = render('md');
    act(() => result.current.togglePinned());
    act(() => result.current.togglePinned());
    act(() => vi.advanceTimersByTime(2500));
    expect(result.current.expanded).toBe(false);
  });

  it('expands on hover on md and lg and stays open while hovered', () => {
    const { result } = render('md');
    act(() => vi.advanceTimersByTime(2500));
    expect(result.current.expanded).toBe(false);
    act(() => result.current.setHovered(true));
    expect(result.current.expanded).toBe(true);
    act(() => vi.advanceTimersByTime(10_000));
    expect(result.current.expanded).toBe(true);
    act(() => result.current.setHovered(false));
    act(() => vi.advanceTimersByTime(2500));
    expect(result.current.expanded).toBe(false);
  });

  it('does not expand on hover on small screens, where it starts collapsed', () => {
    const { result } = render('sm');
    expect(result.current.expanded).toBe(false);
    act(() => result.current.setHovered(true));
    expect(result.current.expanded).toBe(false);
  });

  it('a toggle restarts the countdown', () => {
    const { result } = render('sm');
    act(() => result.current.toggle());
    act(() => vi.advanceTimersByTime(2000));
    act(() => result.current.toggle());
    act(() => result.current.toggle());
    act(() => vi.advanceTimersByTime(2000));
    expect(result.current.expanded).toBe(true);
    act(() => vi.advanceTimersByTime(500));
    expect(result.current.expanded).toBe(false);
  });

  it('keyboard focus inside keeps it open', () => {
    const { result } = render('lg');
    act(() => result.current.setFocused(true));
    act(() => vi.advanceTimersByTime(10_000));
    expect(result.current.expanded).toBe(true);
  });

  it('on xs it is a closed drawer that opens on demand, stays open, and closes on navigation', () => {
    const { result, rerender } = render('xs');
    expect(result.current.drawer).toBe(true);
    expect(result.current.expanded).toBe(false);
    act(() => result.current.expand());
    act(() => vi.advanceTimersByTime(10_000));
    expect(result.current.expanded).toBe(true);
    rerender({ bp: 'xs', path: '/0/home-clientes' });
    expect(result.current.expanded).toBe(false);
  });
});
