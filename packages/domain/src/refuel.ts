/**
 * Refuelling (the 'Combustível - Abastecimento' list) as Vigia reads it from a
 * tank's history: the spec names the screens only, so a refuel is a rise of the
 * stored volume of at least REFUEL_MIN_SHARE of the tank's capacity (and at
 * least REFUEL_MIN_LITRES), found in its hourly aggregates. Consumption only
 * lowers a level; sensor noise stays well under the threshold.
 */

export const REFUEL_MIN_SHARE = 0.05;
export const REFUEL_MIN_LITRES = 20;
const HOUR_S = 3600;

/** One hour of a tank's volume in litres: its first, last, lowest and highest reading. */
export interface VolumeHour {
  /** Epoch seconds of the hour's start. */
  inicio: number;
  primeiro: number;
  ultimo: number;
  maximo: number;
}

export interface Refuel {
  /** Start of the hour the volume rose in (of the first, when it rose over several). */
  inicio: number;
  /** Litres before the rise. */
  antes: number;
  /** Highest litres after it. */
  depois: number;
  /** Litres delivered: depois − antes. */
  litros: number;
}

/** The least rise counted as a refuel for a tank of this capacity (litres). */
export function refuelThreshold(capacidade: number | null | undefined): number {
  const share =
    typeof capacidade === 'number' && capacidade > 0 ? capacidade * REFUEL_MIN_SHARE : 0;
  return Math.max(REFUEL_MIN_LITRES, share);
}

/**
 * The refuels in a tank's hours (any order), oldest first. A rise is measured
 * from the lower of the previous hour's last reading and the hour's first one,
 * to the hour's highest; rises in consecutive hours are one refuel.
 */
export function detectRefuels(
  hours: readonly VolumeHour[],
  capacidade: number | null | undefined,
): Refuel[] {
  const threshold = refuelThreshold(capacidade);
  const sorted = [...hours].sort((a, b) => a.inicio - b.inicio);
  const out: Refuel[] = [];
  let previous: VolumeHour | undefined;
  let open: (Refuel & { ate: number }) | undefined;
  for (const hour of sorted) {
    const adjacent = previous !== undefined && hour.inicio - previous.inicio === HOUR_S;
    const base = adjacent && previous ? Math.min(previous.ultimo, hour.primeiro) : hour.primeiro;
    const rise = hour.maximo - base;
    if (rise >= threshold) {
      if (open && open.ate === hour.inicio - HOUR_S) {
        open.depois = Math.max(open.depois, hour.maximo);
        open.litros = open.depois - open.antes;
        open.ate = hour.inicio;
      } else {
        open = {
          inicio: hour.inicio,
          antes: base,
          depois: hour.maximo,
          litros: rise,
          ate: hour.inicio,
        };
        out.push(open);
      }
    }
    previous = hour;
  }
  return out.map(({ inicio, antes, depois, litros }) => ({ inicio, antes, depois, litros }));
}

/**
 * Days the stored volume lasts at the average daily consumption entered; null
 * when either is unknown or nothing is consumed.
 */
export function fuelAutonomyDays(
  litros: number | null | undefined,
  consumoMedioDiario: number | null | undefined,
): number | null {
  if (typeof litros !== 'number' || !Number.isFinite(litros) || litros < 0) return null;
  if (typeof consumoMedioDiario !== 'number' || !(consumoMedioDiario > 0)) return null;
  return litros / consumoMedioDiario;
}
