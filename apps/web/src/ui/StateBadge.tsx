import { Badge, type BadgeProps } from '@mantine/core';
import type { Tone } from '@vigia/domain';
import { TONE_COLOR } from './tone';

interface Props extends Omit<BadgeProps, 'color'> {
  tone: Tone;
  children: React.ReactNode;
}

/** A state shown as a badge; the colour follows the tone only. */
export function StateBadge({ tone, children, ...rest }: Props) {
  return (
    <Badge color={TONE_COLOR[tone]} variant="light" radius="sm" {...rest}>
      {children}
    </Badge>
  );
}
