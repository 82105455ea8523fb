import type { LiveEvent } from '@vigia/contract';

export interface SseMessage {
  id?: string;
  event?: string;
  data?: string;
  retry?: number;
  comment?: string;
}

export interface EventStream {
  status: number;
  headers: Headers;
  /** Every message parsed so far, comments included. */
  messages: SseMessage[];
  /** Resolves with the first message (already received or coming) that matches. */
  waitFor(match: (m: SseMessage) => boolean, timeoutMs?: number): Promise<SseMessage>;
  /** Live events received so far. */
  events(): LiveEvent[];
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  close(): void;
}

/** Parses one SSE block (RFC: lines up to a blank line) into a message. */
export function parseSseBlock(block: string): SseMessage {
  const message: SseMessage = {};
  for (const line of block.split('\n')) {
    if (line.startsWith(':')) {
      message.comment = line.slice(1).trim();
      continue;
    }
    const colon = line.indexOf(':');
    const field = colon < 0 ? line : line.slice(0, colon);
    const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
    if (field === 'data')
      message.data = message.data === undefined ? value : `${message.data}\n${value}`;
    else if (field === 'id') message.id = value;
    else if (field === 'event') message.event = value;
    else if (field === 'retry') message.retry = Number(value);
  }
  return message;
}

/** Opens a real HTTP event stream (what a browser's EventSource does) and parses it. */
export async function openEventStream(
  url: string,
  headers: Record<string, string> = {},
): Promise<EventStream> {
  const controller = new AbortController();
  const response = await fetch(url, {
    headers: { accept: 'text/event-stream', ...headers },
    signal: controller.signal,
  });
  const messages: SseMessage[] = [];
  const waiters = new Set<{
    match: (m: SseMessage) => boolean;
    resolve: (m: SseMessage) => void;
  }>();
  const ended = (async () => {
    if (!response.body) return;
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for await (const chunk of response.body) {
        buffer += decoder.decode(chunk as Uint8Array, { stream: true });
        let end = buffer.indexOf('\n\n');
        while (end >= 0) {
          const message = parseSseBlock(buffer.slice(0, end));
          buffer = buffer.slice(end + 2);
          messages.push(message);
          for (const waiter of [...waiters]) {
            if (waiter.match(message)) {
              waiters.delete(waiter);
              waiter.resolve(message);
            }
          }
          end = buffer.indexOf('\n\n');
        }
      }
    } catch {
      // Aborted by close().
    }
  })();
  return {
    status: response.status,
    headers: response.headers,
    messages,
    ended,
    events: () =>
      messages.filter((m) => m.data !== undefined).map((m) => JSON.parse(m.data as string)),
    waitFor(match, timeoutMs = 5_000) {
      const seen = messages.find(match);
      if (seen) return Promise.resolve(seen);
      return new Promise((resolve, reject) => {
        const waiter = { match, resolve };
        waiters.add(waiter);
        setTimeout(() => {
          if (waiters.delete(waiter)) {
            reject(
              new Error(
                `nenhuma mensagem esperada em ${timeoutMs} ms: ${JSON.stringify(messages)}`,
              ),
            );
          }
        }, timeoutMs).unref();
      });
    },
    close: () => controller.abort(),
  };
}

export const isEvent =
  (type: LiveEvent['type'], extra: (e: LiveEvent) => boolean = () => true) =>
  (m: SseMessage) => {
    if (m.data === undefined) return false;
    const event = JSON.parse(m.data) as LiveEvent;
    return event.type === type && extra(event);
  };
