import { SPINNER_DELAY_MS } from '@vigia/domain';
import { useEffect, useState } from 'react';
import classes from './PendingBar.module.css';

/** A thin bar under the header while a screen loads; like the spinner, only after 300 ms. */
export function PendingBar({ pending }: { pending: boolean }) {
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    if (!pending) {
      setVisible(false);
      return;
    }
    const timer = setTimeout(() => setVisible(true), SPINNER_DELAY_MS);
    return () => clearTimeout(timer);
  }, [pending]);
  if (!visible) return null;
  return <div className={classes.bar} role="progressbar" aria-label="Carregando a tela" />;
}
