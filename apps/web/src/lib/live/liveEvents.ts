import type { LiveEvent } from '@vigia/contract';
import { API } from '@vigia/contract/api';
import { withQuery } from '../http';
import { readTokens, subscribeTokens } from '../session/tokenStore';

/** After the stream closes (expired token, server restart) it is reopened with the current token. */
export const RECONNECT_MS = 3000;

type Listener = (event: LiveEvent) => void;

const listeners = new Set<Listener>();
let source: EventSource | null = null;
let sourceToken: string | null = null;
let retryTimer: ReturnType<typeof setTimeout> | undefined;
let unsubscribeTokens: (() => void) | null = null;

function disconnect(): void {
  if (retryTimer !== undefined) clearTimeout(retryTimer);
  retryTimer = undefined;
  source?.close();
  source = null;
  sourceToken = null;
}

function connect(): void {
  const tokens = readTokens();
  if (!tokens || typeof EventSource === 'undefined') {
    disconnect();
    return;
  }
  if (source && sourceToken === tokens.accessToken && source.readyState !== EventSource.CLOSED) {
    return;
  }
  disconnect();
  // EventSource cannot send headers: the stream takes the token in the query.
  const stream = new EventSource(
    withQuery(API.events.stream.path, { access_token: tokens.accessToken }),
  );
  source = stream;
  sourceToken = tokens.accessToken;
  stream.onmessage = (message: MessageEvent<string>) => {
    let event: LiveEvent;
    try {
      event = JSON.parse(message.data) as LiveEvent;
    } catch {
      return;
    }
    for (const listener of listeners) listener(event);
  };
  stream.onerror = () => {
    if (stream.readyState !== EventSource.CLOSED || source !== stream) return;
    disconnect();
    retryTimer = setTimeout(connect, RECONNECT_MS);
  };
}

/** Receives every live event of the caller's systems while subscribed; one shared connection. */
export function subscribeLiveEvents(listener: Listener): () => void {
  listeners.add(listener);
  unsubscribeTokens ??= subscribeTokens(connect);
  connect();
  return () => {
    listeners.delete(listener);
    if (listeners.size > 0) return;
    unsubscribeTokens?.();
    unsubscribeTokens = null;
    disconnect();
  };
}
