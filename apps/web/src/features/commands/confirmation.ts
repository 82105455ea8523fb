import { COMMAND_LOGIN_EXPIRY_MS, commandLoginValid } from '@vigia/domain';

/**
 * When this page's password confirmation was made (ms), shared by the command
 * panels of the page. The server holds the real one (bound to the session);
 * this only spares asking again while it is valid (spec 001 §4: 300000 ms).
 */
let confirmedAtMs: number | null = null;

export function confirmationValid(nowMs = Date.now()): boolean {
  return commandLoginValid(confirmedAtMs, nowMs);
}

/** `validaAte` of the server's answer: the confirmation started COMMAND_LOGIN_EXPIRY_MS before it. */
export function rememberConfirmation(validUntilMs: number): void {
  confirmedAtMs = Math.min(Date.now(), validUntilMs - COMMAND_LOGIN_EXPIRY_MS);
}

export function forgetConfirmation(): void {
  confirmedAtMs = null;
}
