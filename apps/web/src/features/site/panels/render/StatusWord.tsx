import { PLACEHOLDER_NUMBER } from '@vigia/domain';
import { StateBadge } from '../../../../ui/StateBadge';
import { decodeWord } from '../decoders';
import type { WordDecoder } from '../types';
import classes from './Panel.module.css';

interface Props {
  value: number | null;
  decoder: WordDecoder;
  /** Shown when no bit is set, e.g. 'Nenhum alarme'. */
  emptyLabel: string;
}

/** A status word as the messages of its set bits. */
export function StatusWord({ value, decoder, emptyLabel }: Props) {
  const messages = decodeWord(decoder, value);
  if (messages === null) return <p className={classes.empty}>{PLACEHOLDER_NUMBER}</p>;
  if (messages.length === 0) return <p className={classes.empty}>{emptyLabel}</p>;
  return (
    <ul className={classes.badges}>
      {messages.map((m) => (
        <li key={m.label}>
          <StateBadge tone={m.tone}>{m.label}</StateBadge>
        </li>
      ))}
    </ul>
  );
}
