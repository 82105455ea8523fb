import { Group, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

interface Props {
  title: string;
  subtitle?: string | null;
  /** Drawn at the right of the heading (legends, totals). */
  aside?: ReactNode;
}

export function PageHeading({ title, subtitle, aside }: Props) {
  return (
    <Group justify="space-between" align="flex-end" mb="md" gap="sm">
      <div>
        <Title order={1} size="h2">
          {title}
        </Title>
        <Text size="sm" c="gray.7">
          {subtitle || '\u00a0'}
        </Text>
      </div>
      {aside}
    </Group>
  );
}
