import type { DataQuality } from '@vigia/domain';
import type { ReactNode } from 'react';
import classes from './NotCurrentValue.module.css';

interface Props {
  quality: Exclude<DataQuality, 'online'>;
  /** 'DESATUALIZADO · última leitura …' (`notCurrentNote`). */
  note: string;
  children: ReactNode;
}

/**
 * A value of a stale or offline device: drawn muted, without the tone its
 * old data would have, and saying why and since when in its title.
 */
export function NotCurrentValue({ quality, note, children }: Props) {
  return (
    <span className={classes.notCurrent} data-quality={quality} title={note}>
      {children}
    </span>
  );
}
