import { Text, Title } from '@mantine/core';

export function PageHeader({ title, subtitle }: { title: string; subtitle?: string }) {
  return (
    <div style={{ marginBottom: 'var(--mantine-spacing-md)' }}>
      <Title order={1} size="h2">
        {title}
      </Title>
      {subtitle && (
        <Text size="sm" c="gray.7">
          {subtitle}
        </Text>
      )}
    </div>
  );
}

export function loadFailure(error: unknown, fallback: string): string {
  return error instanceof Error && 'status' in error && Number(error.status) < 500
    ? error.message
    : fallback;
}
