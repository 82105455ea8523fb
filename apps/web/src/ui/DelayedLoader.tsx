import { Center, Loader, VisuallyHidden } from '@mantine/core';
import { SPINNER_DELAY_MS } from '@vigia/domain';
import { useEffect, useState } from 'react';

interface Props {
  label?: string;
}

/** Spec 000 §9: the loading spinner appears only after 300 ms, so quick loads do not flicker. */
export function DelayedLoader({ label = 'Carregando…' }: Props) {
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setVisible(true), SPINNER_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);
  if (!visible) return null;
  return (
    <Center py="xl" role="status" aria-live="polite">
      {/* The label as text of the status: aria-label is not allowed on the spinner's span (axe). */}
      <Loader size="md" color="gray" aria-hidden />
      <VisuallyHidden>{label}</VisuallyHidden>
    </Center>
  );
}
