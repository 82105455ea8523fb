import { COMMAND_POLL_MAX } from './timing.js';
import type { Tone } from './tone.js';

/** Spec 001 §4 statusWebId. 3 is a finished command that failed (shown red). */
export const COMMAND_STATUS = { acknowledged: 1, finished: 2, failed: 3 } as const;

export interface CommandStatusDisplay {
  label: string;
  /** Colour name from the spec. */
  color: 'yellow' | 'green' | 'red' | null;
  tone: Tone;
  finished: boolean;
}

/** Labels are Vigia's pt-BR wording of the spec's states; a command with no status is pending. */
export function commandStatus(statusWebId: number | null | undefined): CommandStatusDisplay {
  switch (statusWebId) {
    case COMMAND_STATUS.acknowledged:
      return { label: 'Reconhecido', color: 'yellow', tone: 'warning', finished: false };
    case COMMAND_STATUS.finished:
      return { label: 'Finalizado', color: 'green', tone: 'good', finished: true };
    case COMMAND_STATUS.failed:
      return { label: 'Finalizado com falha', color: 'red', tone: 'bad', finished: true };
    default:
      return { label: 'Enviado', color: null, tone: 'neutral', finished: false };
  }
}

export function isCommandFinished(statusWebId: number | null | undefined): boolean {
  return statusWebId === COMMAND_STATUS.finished || statusWebId === COMMAND_STATUS.failed;
}

export interface CommandWaitInput {
  /** Id of the command just sent (null when nothing is pending). */
  sentId: number | null | undefined;
  /** The newest command history item. */
  newest: { id: number; statusWebId: number | null } | null | undefined;
  /** Status checks done since sending. */
  checks: number;
}

/**
 * Spec 001 §4: after sending, the send button stays disabled until the newest history
 * item matches the sent command with status 2 or 3, or 15 checks pass.
 */
export function commandSendDisabled(o: CommandWaitInput): boolean {
  if (o.sentId === null || o.sentId === undefined) return false;
  if (o.checks >= COMMAND_POLL_MAX) return false;
  const settled = o.newest?.id === o.sentId && isCommandFinished(o.newest.statusWebId);
  return !settled;
}
