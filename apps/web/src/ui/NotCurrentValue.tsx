import { IconClockExclamation, IconPlugConnectedX } from '@tabler/icons-react';
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

/**
 * The row's marker where its communication column does not show (phones hide
 * it, spec 001 §2): an icon before the asset number, named by `note`.
 */
export function PhoneQualityMarker({ quality, note }: Omit<Props, 'children'>) {
  const Icon = quality === 'offline' ? IconPlugConnectedX : IconClockExclamation;
  return (
    <span className={classes.phoneMarker} data-quality-marker={quality} title={note}>
      <Icon size={14} stroke={1.8} aria-label={note} role="img" />
    </span>
  );
}
