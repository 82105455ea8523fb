import type { Tone } from '@vigia/domain';

/**
 * The one place a display state becomes a theme colour (Grafana's StateTag):
 * red for alarms, green for good communication, yellow for attention levels.
 */
export const TONE_COLOR: Record<Tone, string> = {
  good: 'teal',
  bad: 'red',
  warning: 'yellow',
  neutral: 'gray',
  info: 'blue',
};
