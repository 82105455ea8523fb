import { Text } from '@mantine/core';
import { StateBadge } from '../../../ui/StateBadge';
import { TONE_TEXT } from '../../../ui/tone';
import type { Display } from './decode';

interface Props {
  display: Display;
  /** A state shown as a badge; otherwise coloured text (or plain text without a tone). */
  badge?: boolean;
}

/** A decoded cell: colour only for states, calm grey text for plain values. */
export function DisplayCell({ display, badge = false }: Props) {
  if (badge && display.tone) {
    return (
      <StateBadge tone={display.tone} size="sm" tt="none" maw="100%">
        {display.text}
      </StateBadge>
    );
  }
  return (
    <Text
      component="span"
      size="sm"
      fw={display.tone && display.tone !== 'neutral' ? 600 : undefined}
      style={display.tone ? { color: TONE_TEXT[display.tone] } : undefined}
    >
      {display.text}
    </Text>
  );
}
