import { Badge, type BadgeProps } from '@mantine/core';
import type { Tone } from '@vigia/domain';
import { TONE_BORDER, TONE_SURFACE, TONE_TEXT } from './tone';

interface Props extends Omit<BadgeProps, 'color' | 'variant'> {
  tone: Tone;
  children: React.ReactNode;
  /** The state in words, for a badge whose text is a figure. */
  title?: string;
}

/** A state shown as a badge; its colours follow the tone only. */
export function StateBadge({ tone, children, style, ...rest }: Props) {
  return (
    <Badge
      variant="outline"
      radius="sm"
      style={{
        backgroundColor: TONE_SURFACE[tone],
        color: TONE_TEXT[tone],
        borderColor: TONE_BORDER[tone],
        ...(typeof style === 'object' ? style : {}),
      }}
      {...rest}
    >
      {children}
    </Badge>
  );
}
