import { INVALID_TOKEN_ERROR, MESSAGES, queryString } from '@vigia/domain';
import { takeEarlyAnswer } from './earlyRequests';
import { HttpError, NetworkError, readErrorBody } from './httpErrors';
import { refreshNow } from './session/refresh';
import { readTokens, type StoredTokens } from './session/tokenStore';

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Query values null, undefined and false are dropped (spec 000 §5). */
  query?: Record<string, unknown>;
  /** Sent as a JSON body. */
  json?: unknown;
  /** Sent as a multipart body (a file upload); the browser sets its boundary. */
  form?: FormData;
  signal?: AbortSignal;
  /** The caller handles the failure itself (or the call is optional): no toast. */
  quiet?: boolean;
}

export interface HttpHandlers {
  /** Any answer `{ error: 'invalid_token' }` (spec 000 §8). */
  onInvalidToken: () => void;
  /** Any other failure, with the text to show. */
  onError: (message: string) => void;
}

let handlers: HttpHandlers = { onInvalidToken: () => {}, onError: () => {} };

/** The app decides what a logout and a toast are; this module only reports them. */
export function setHttpHandlers(next: HttpHandlers): void {
  handlers = next;
}

// An access token this close to expiry is refreshed before the call instead of
// letting the server refuse it (and log the user out).
const EXPIRY_SKEW_MS = 2000;

async function currentTokens(): Promise<StoredTokens | null> {
  const tokens = readTokens();
  if (tokens && tokens.expiresAt - EXPIRY_SKEW_MS <= Date.now()) {
    await refreshNow();
    return readTokens();
  }
  return tokens;
}

export function withQuery(path: string, query?: Record<string, unknown>): string {
  const qs = query ? queryString(query) : '';
  return qs ? `${path}${path.includes('?') ? '&' : '?'}${qs}` : path;
}

function fallbackMessage(status: number): string {
  if (status === 404) return MESSAGES.notFound;
  if (status === 429) return MESSAGES.tooManyAttempts;
  if (status >= 500) return MESSAGES.internalError;
  return MESSAGES.invalidRequest;
}

/**
 * Calls the Vigia API with the bearer token (spec 000 §6). A 2xx answer
 * resolves with its JSON (undefined for 204); anything else rejects with an
 * `HttpError` or a `NetworkError` after reporting it to the handlers.
 */
export async function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const tokens = await currentTokens();
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (tokens) headers.Authorization = `Bearer ${tokens.accessToken}`;
  if (options.json !== undefined) headers['Content-Type'] = 'application/json';

  const url = withQuery(path, options.query);
  const method = options.method ?? 'GET';
  // The first screen's first GETs may already be on their way (started by index.html).
  const early = method === 'GET' ? takeEarlyAnswer(url, tokens?.accessToken) : undefined;
  if (early) {
    const answer = await early;
    options.signal?.throwIfAborted();
    if (answer) {
      if (answer.status === 204) return undefined as T;
      return (answer.body ? JSON.parse(answer.body) : undefined) as T;
    }
  }

  let response: Response;
  try {
    response = await fetch(url, {
      method,
      headers,
      body: options.form ?? (options.json === undefined ? undefined : JSON.stringify(options.json)),
      signal: options.signal,
    });
  } catch (cause) {
    if (options.signal?.aborted) throw cause;
    if (!options.quiet) handlers.onError(MESSAGES.networkError);
    throw new NetworkError(MESSAGES.networkError, { cause });
  }

  if (response.ok) {
    if (response.status === 204) return undefined as T;
    const text = await response.text();
    return (text ? JSON.parse(text) : undefined) as T;
  }

  const { code, description, details } = await readErrorBody(response);
  if (code === INVALID_TOKEN_ERROR) {
    handlers.onInvalidToken();
    throw new HttpError(response.status, code, description, MESSAGES.unauthorized);
  }
  const message = description ?? code ?? fallbackMessage(response.status);
  if (!options.quiet) handlers.onError(message);
  throw new HttpError(response.status, code, description, message, details);
}
