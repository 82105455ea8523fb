import type { Sistema } from '@vigia/contract';

function fold(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

/** Matches the name, the company or the id, ignoring case and accents. */
export function filterSystems(sistemas: readonly Sistema[], search: string): Sistema[] {
  const needle = fold(search.trim());
  if (!needle) return [...sistemas];
  return sistemas.filter(
    (s) =>
      fold(s.nome).includes(needle) || fold(s.empresa).includes(needle) || String(s.id) === needle,
  );
}
