/** What the login screen shows for `#/login/:logo`. */
export interface Brand {
  name: string;
  tagline: string;
  /** Shows the Vigia mark next to the name. */
  withMark: boolean;
}

export const DEFAULT_BRAND = 'vigia';

export const BRANDS: Record<string, Brand> = {
  vigia: {
    name: 'Vigia',
    tagline: 'Monitoramento e comando remoto de equipamentos de energia',
    withMark: true,
  },
  // White label for operators who resell the service under their own name.
  monitoramento: {
    name: 'Monitoramento Remoto',
    tagline: 'Central de monitoramento de energia',
    withMark: false,
  },
};

/** An unknown or empty `logo` shows the default brand. */
export function brandOf(logo: string | undefined): Brand {
  const key = logo?.toLowerCase() ?? '';
  return BRANDS[key] ?? (BRANDS[DEFAULT_BRAND] as Brand);
}
