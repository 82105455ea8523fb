import { Title } from '@mantine/core';
import { useId } from 'react';

/** Where the app puts the site's occurrence preview, under the panel. */
export function OccurrencesSection({ children }: { children: React.ReactNode }) {
  const titleId = useId();
  return (
    <section aria-labelledby={titleId} data-testid="site-occurrences">
      <Title id={titleId} order={2} size="h5" mb="xs" c="gray.8">
        Ocorrências
      </Title>
      {children}
    </section>
  );
}
