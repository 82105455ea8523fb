import { describe, expect, it } from 'vitest';
import { MESSAGES } from './messages.js';
import { MAX_COMMENT_LENGTH, validateComment } from './occurrenceComment.js';

describe('validateComment', () => {
  it('accepts a comment with text', () => {
    expect(validateComment('Equipe a caminho do site')).toBeNull();
  });

  it.each([[''], ['   '], ['\n\t'], [null], [undefined]])(
    'refuses a blank comment (%j)',
    (texto) => {
      expect(validateComment(texto)).toBe(MESSAGES.commentRequired);
    },
  );

  it('counts the length after trimming', () => {
    expect(validateComment(` ${'a'.repeat(MAX_COMMENT_LENGTH)} `)).toBeNull();
    expect(validateComment('a'.repeat(MAX_COMMENT_LENGTH + 1))).toBe(MESSAGES.commentTooLong);
  });

  it("keeps the spec's deletion texts word for word (001 §8)", () => {
    expect(MESSAGES.commentDeleteConfirm).toBe('Deseja realmente apagar esse comentário?');
    expect(MESSAGES.commentDeleted).toBe('Comentario apagado com sucesso!');
    expect(MESSAGES.commentDeleteFailed).toBe('Comentario não pode ser apagado');
  });
});
