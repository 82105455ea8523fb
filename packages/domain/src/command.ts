import { COMMAND_POLL_MAX } from './timing.js';
import type { Tone } from './tone.js';

/**
 * Spec 001 §4 statusWebId. 3 is a finished command that failed (shown red).
 * 0 (stored, not yet answered) and 4 (no answer within its time to live) are Vigia's own.
 */
export const COMMAND_STATUS = {
  queued: 0,
  acknowledged: 1,
  finished: 2,
  failed: 3,
  expired: 4,
} as const;

/** Vigia's own: a command the device has not answered within this time ends expired. */
export const COMMAND_TTL_MS = 30_000;

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
    case COMMAND_STATUS.expired:
      return {
        label: 'Expirado: sem resposta do dispositivo',
        color: null,
        tone: 'bad',
        finished: true,
      };
    default:
      return { label: 'Enviado', color: null, tone: 'neutral', finished: false };
  }
}

/** 2 and 3 (spec), and 4: an expired command is over too. */
export function isCommandFinished(statusWebId: number | null | undefined): boolean {
  return (
    statusWebId === COMMAND_STATUS.finished ||
    statusWebId === COMMAND_STATUS.failed ||
    statusWebId === COMMAND_STATUS.expired
  );
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
