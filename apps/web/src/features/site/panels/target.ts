import type { SiteData } from '@vigia/contract';

/**
 * Whose overview a panel shows: a device (the site page), or a plant or SCD
 * whose devices it reads together (their overview pages).
 */
export type PanelTarget =
  | { kind: 'dispositivo'; site: SiteData }
  | { kind: 'usina' | 'scd'; id: number; sisId: number };
