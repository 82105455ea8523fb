/** An API GET answered before the console's code ran (index.html, build/routePreload). */
interface EarlyAnswer {
  /** The access token it was sent with. */
  token: string;
  status: number;
  body: string;
}

declare global {
  interface Window {
    __vigiaEarly?: Record<string, Promise<EarlyAnswer | null> | undefined>;
  }
}

/**
 * The answer of a GET that index.html started for the first screen, taken
 * once; undefined when there is none for this URL. Resolves to null when it
 * failed or was sent with another token: the caller then asks itself.
 */
export function takeEarlyAnswer(
  url: string,
  token: string | undefined,
): Promise<EarlyAnswer | null> | undefined {
  const early = typeof window === 'undefined' ? undefined : window.__vigiaEarly;
  const answer = early?.[url];
  if (!early || !answer) return undefined;
  delete early[url];
  if (!token) return undefined;
  return answer.then((value) => (value && value.token === token ? value : null));
}
