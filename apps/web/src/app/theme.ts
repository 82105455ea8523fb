import { createTheme, Input } from '@mantine/core';

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
  components: {
    // A field's hint in Mantine's dimmed grey is below 4.5:1 on white (axe: color-contrast).
    InputWrapper: Input.Wrapper.extend({
      styles: { description: { color: 'var(--mantine-color-gray-7)' } },
    }),
  },
});
