import type { Tone } from '@vigia/domain';

/**
 * The one place a display state becomes a colour (Grafana's StateTag): red
 * for alarms, green for good communication, amber for attention levels, grey
 * otherwise. Text colours keep at least 4.5:1 against white and their surface.
 */
export const TONE_TEXT: Record<Tone, string> = {
  good: 'var(--mantine-color-teal-9)',
  bad: 'var(--mantine-color-red-9)',
  warning: '#a14a00',
  neutral: 'var(--mantine-color-gray-8)',
  info: 'var(--mantine-color-blue-9)',
};

export const TONE_SURFACE: Record<Tone, string> = {
  good: 'var(--mantine-color-teal-0)',
  bad: 'var(--mantine-color-red-0)',
  warning: 'var(--mantine-color-orange-0)',
  neutral: 'var(--mantine-color-gray-1)',
  info: 'var(--mantine-color-blue-0)',
};

export const TONE_BORDER: Record<Tone, string> = {
  good: 'var(--mantine-color-teal-3)',
  bad: 'var(--mantine-color-red-4)',
  warning: 'var(--mantine-color-orange-4)',
  neutral: 'var(--mantine-color-gray-3)',
  info: 'var(--mantine-color-blue-3)',
};
