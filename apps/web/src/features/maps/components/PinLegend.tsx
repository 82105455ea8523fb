import { Group, Text } from '@mantine/core';
import { PIN_LEGEND, pinFill, pinSvg } from './pins';

interface Props {
  /** Devices per colour, shown next to each label. */
  counts?: Partial<Record<'green' | 'gray' | 'red', number>>;
}

/** What the pin colours mean (spec 001 §4). */
export function PinLegend({ counts }: Props) {
  return (
    <Group gap="md" aria-label="Legenda do mapa" role="list">
      {PIN_LEGEND.map(({ color, label }) => (
        <Group key={color} gap={4} role="listitem" wrap="nowrap">
          <span
            // biome-ignore lint/security/noDangerouslySetInnerHtml: a fixed SVG built from constants
            dangerouslySetInnerHTML={{ __html: pinSvg(pinFill(color), 18) }}
            style={{ display: 'inline-flex' }}
          />
          <Text size="sm" c="gray.8">
            {label}
            {counts?.[color] !== undefined ? ` (${counts[color]})` : ''}
          </Text>
        </Group>
      ))}
    </Group>
  );
}
