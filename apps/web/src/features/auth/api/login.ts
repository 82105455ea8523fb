import { useMutation, useQueryClient } from '@tanstack/react-query';
import { MESSAGES } from '@vigia/domain';
import { HttpError, NetworkError } from '../../../lib/httpErrors';
import { passwordGrant } from '../../../lib/session/oauth';
import { startSession } from '../../../lib/session/refresh';

export interface Credentials {
  username: string;
  password: string;
}

/** Signs in (spec 000 §4): stores the tokens and plans their refresh. */
export async function login({ username, password }: Credentials): Promise<void> {
  startSession(await passwordGrant(username.trim(), password));
}

/** Spec 000 §8: 403 is the blocked user; a refused grant is 'Usuário ou Senha inválidos!'. */
export function loginErrorMessage(error: unknown): string {
  if (error instanceof NetworkError) return MESSAGES.networkError;
  if (error instanceof HttpError) {
    if (error.status === 403) return MESSAGES.userBlocked;
    if (error.status === 429) return error.description ?? MESSAGES.tooManyAttempts;
    if (error.status === 400 || error.status === 401) return MESSAGES.invalidCredentials;
    return error.description ?? MESSAGES.internalError;
  }
  return MESSAGES.internalError;
}

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    // Nothing cached for a previous user survives a sign-in.
    onSuccess: () => queryClient.clear(),
  });
}
