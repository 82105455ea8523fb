/** True when every bit of `mask` is set in `word`; a missing word has no bits. */
export function hasBit(word: number | null | undefined, mask: number): boolean {
  if (typeof word !== 'number' || !Number.isFinite(word)) return false;
  return (Math.trunc(word) & mask) === mask;
}
