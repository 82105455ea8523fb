import { Paper, Text } from '@mantine/core';
import type { Tone } from '@vigia/domain';
import { TONE_BORDER, TONE_SURFACE, TONE_TEXT } from '../../../ui/tone';

interface Props {
  label: string;
  value: string;
  /** The standard's figure it is measured against, in words ('Orientação: até 1'). */
  guidance?: string;
  /** 'neutral' within the guidance; 'warning' / 'bad' above it. */
  tone: Tone;
  detail?: string;
}

const STATE_TEXT: Partial<Record<Tone, string>> = {
  warning: 'Acima da orientação',
  bad: 'Muito acima da orientação',
};

/** One figure against its guidance: colour only when it is over (and said in words too). */
export function KpiCard({ label, value, guidance, tone, detail }: Props) {
  const state = STATE_TEXT[tone];
  return (
    <Paper
      withBorder
      p="sm"
      radius="sm"
      style={{
        borderColor: TONE_BORDER[tone],
        background: tone === 'neutral' ? undefined : TONE_SURFACE[tone],
      }}
      role="group"
      aria-label={label}
    >
      <Text size="xs" c="gray.7">
        {label}
      </Text>
      <Text
        fz={26}
        fw={600}
        lh={1.2}
        style={{ fontVariantNumeric: 'tabular-nums', color: TONE_TEXT[tone] }}
      >
        {value}
      </Text>
      {detail && (
        <Text size="xs" c="gray.7">
          {detail}
        </Text>
      )}
      {guidance && (
        <Text size="xs" c="gray.7">
          {guidance}
        </Text>
      )}
      {state && (
        <Text size="xs" fw={600} style={{ color: TONE_TEXT[tone] }}>
          {state}
        </Text>
      )}
    </Paper>
  );
}
