import { describe, expect, it } from 'vitest';
import { commandSendDisabled, commandStatus, isCommandFinished } from './command.js';

describe('statusWebId: 1 acknowledged (yellow); 2 and 3 finished (green, and 3 shown red)', () => {
  it.each([
    [1, 'Reconhecido', 'yellow', 'warning', false],
    [2, 'Finalizado', 'green', 'good', true],
    [3, 'Finalizado com falha', 'red', 'bad', true],
    [null, 'Enviado', null, 'neutral', false],
    [0, 'Enviado', null, 'neutral', false],
    [4, 'Expirado: sem resposta do dispositivo', null, 'bad', true],
  ])('statusWebId %s', (status, label, color, tone, finished) => {
    expect(commandStatus(status)).toEqual({ label, color, tone, finished });
    expect(isCommandFinished(status)).toBe(finished);
  });
});

describe('the send button stays disabled until the newest history item matches the sent command with status 2 or 3, or 15 checks pass', () => {
  it.each([
    ['nothing sent: enabled', { sentId: null, newest: null, checks: 0 }, false],
    ['just sent, no history yet: disabled', { sentId: 9, newest: null, checks: 0 }, true],
    [
      'newest is another command: disabled',
      { sentId: 9, newest: { id: 8, statusWebId: 2 }, checks: 3 },
      true,
    ],
    [
      'newest is ours, acknowledged (1): disabled',
      { sentId: 9, newest: { id: 9, statusWebId: 1 }, checks: 3 },
      true,
    ],
    [
      'newest is ours, finished (2): enabled',
      { sentId: 9, newest: { id: 9, statusWebId: 2 }, checks: 3 },
      false,
    ],
    [
      'newest is ours, failed (3): enabled',
      { sentId: 9, newest: { id: 9, statusWebId: 3 }, checks: 3 },
      false,
    ],
    ['14 checks without an answer: disabled', { sentId: 9, newest: null, checks: 14 }, true],
    ['15 checks pass: enabled', { sentId: 9, newest: null, checks: 15 }, false],
  ])('%s', (_name, input, expected) => {
    expect(commandSendDisabled(input)).toBe(expected);
  });
});
