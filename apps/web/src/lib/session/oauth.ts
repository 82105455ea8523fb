import { type TokenResponse, WEB_CLIENT_ID } from '@vigia/contract';
import { API } from '@vigia/contract/api';
import { MESSAGES } from '@vigia/domain';
import { HttpError, NetworkError, readErrorBody } from '../httpErrors';

/**
 * `POST /oauth/token` with a form body (RFC 6749; ARCHITECTURE.md turns the
 * spec's GET into a form POST so passwords never travel in a URL).
 * Errors are returned to the caller, never toasted: sign-in shows its own
 * messages and a failed refresh is silent (spec 000 §8).
 */
async function requestToken(form: Record<string, string>): Promise<TokenResponse> {
  let response: Response;
  try {
    response = await fetch(API.auth.token.path, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/x-www-form-urlencoded',
        Accept: 'application/json',
      },
      body: new URLSearchParams({ ...form, client_id: WEB_CLIENT_ID }),
    });
  } catch (cause) {
    throw new NetworkError(MESSAGES.networkError, { cause });
  }
  if (!response.ok) {
    const { code, description } = await readErrorBody(response);
    throw new HttpError(
      response.status,
      code,
      description,
      description ?? code ?? response.statusText,
    );
  }
  return (await response.json()) as TokenResponse;
}

export function passwordGrant(username: string, password: string): Promise<TokenResponse> {
  return requestToken({ grant_type: 'password', username, password });
}

export function refreshGrant(refreshToken: string): Promise<TokenResponse> {
  return requestToken({ grant_type: 'refresh_token', refresh_token: refreshToken });
}
