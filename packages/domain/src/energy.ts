/** Spec 001 §3: energy values may arrive as the text '---': that is no value. */
export function energyValue(value: number | string | null | undefined): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value !== 'string') return null;
  const text = value.trim().replace(',', '.');
  if (text === '' || !/^[-+]?(\d+\.?\d*|\.\d+)$/.test(text)) return null;
  return Number(text);
}

/** Mean of the values present; null when none. */
export function averageEnergy(values: readonly (number | null | undefined)[]): number | null {
  const present = values.filter((v): v is number => typeof v === 'number' && Number.isFinite(v));
  if (present.length === 0) return null;
  return present.reduce((sum, v) => sum + v, 0) / present.length;
}

export interface EnergyVariation {
  diferenca: number | null;
  /** Percent of the previous value; null when there is nothing to compare with. */
  diferencaPorcentagem: number | null;
}

/** Energy card difference between this period's and the previous period's averages. */
export function energyVariation(
  energiaMedia: number | null,
  energiaMediaPassada: number | null,
): EnergyVariation {
  if (energiaMedia === null || energiaMediaPassada === null) {
    return { diferenca: null, diferencaPorcentagem: null };
  }
  const diferenca = energiaMedia - energiaMediaPassada;
  const diferencaPorcentagem =
    energiaMediaPassada === 0 ? null : (diferenca / Math.abs(energiaMediaPassada)) * 100;
  return { diferenca, diferencaPorcentagem };
}
