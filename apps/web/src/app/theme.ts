import { type CSSVariablesResolver, createTheme } from '@mantine/core';

/**
 * Calm and neutral: greys for everything that is not a state; colour is
 * reserved for states and comes only from ui/tone.ts.
 */
export const theme = createTheme({
  primaryColor: 'gray',
  // Shade 8 keeps white text on filled buttons above WCAG AA contrast.
  primaryShade: { light: 8, dark: 5 },
  defaultRadius: 'sm',
  fontFamily:
    'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
  headings: { fontWeight: '600' },
  cursorType: 'pointer',
  respectReducedMotion: true,
  // Plain objects rather than `Table.ScrollContainer.extend(…)`: importing the
  // components here put Table, ScrollArea and @floating-ui (about 60 kB) in the
  // entry chunk that every page evaluates before its first paint.
  components: {
    // A field's hint in Mantine's dimmed grey is below 4.5:1 on white (axe: color-contrast).
    InputWrapper: {
      styles: { description: { color: 'var(--mantine-color-gray-7)' } },
    },
    // A table wider than a phone scrolls inside its card: its scrolling area takes
    // the keyboard's focus, so arrow keys reach the hidden columns (axe:
    // scrollable-region-focusable).
    TableScrollContainer: {
      defaultProps: { scrollAreaProps: { viewportProps: { tabIndex: 0 } } },
    },
  },
});

/**
 * Mantine's 'dimmed' grey (gray-6) is 3.3:1 on white, below WCAG AA's 4.5:1
 * (axe: color-contrast on every empty-state line): gray-7 is 7:1 and still
 * reads as secondary.
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-dimmed': 'var(--mantine-color-gray-7)' },
  dark: {},
});
