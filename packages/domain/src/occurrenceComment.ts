import { MESSAGES } from './messages.js';

/** Longest comment on an occurrence, in characters (after trimming). */
export const MAX_COMMENT_LENGTH = 1000;

/**
 * A comment on an occurrence (issue 17, spec 001 §8 for its deletion texts):
 * not blank, at most MAX_COMMENT_LENGTH characters once trimmed. Null when valid.
 */
export function validateComment(texto: string | null | undefined): string | null {
  const trimmed = (texto ?? '').trim();
  if (trimmed === '') return MESSAGES.commentRequired;
  if (trimmed.length > MAX_COMMENT_LENGTH) return MESSAGES.commentTooLong;
  return null;
}
