import type { Sistema, TipoTotal } from '@vigia/contract';
import type { SystemFeature } from '@vigia/domain';
import type { RouteEntry } from '../router/routeTable';

/** What a system needs for a screen to be offered in its side navigation. */
export interface NavRequirement {
  /** A feature of the system's configuration (userinfo `recursos`). */
  feature?: SystemFeature;
  /** At least one device of this type (`listatipos`). */
  tipo?: string;
}

/**
 * Screens only some systems have. A feature must be known present; a device
 * type hides its screen only once the system's device totals say it has none
 * (while they load, or when they fail, the list stays offered).
 */
export const NAV_REQUIREMENTS: Readonly<Record<string, NavRequirement>> = {
  'main.cluster.medidores': { tipo: 'medidor' },
  'main.cluster.geradores': { tipo: 'gerador' },
  'main.cluster.geradoreson': { tipo: 'gerador' },
  'main.cluster.potencias': { tipo: 'gerador' },
  'main.cluster.primeclusters': { feature: 'prime', tipo: 'gerador' },
  'main.cluster.qtas': { tipo: 'qta' },
  'main.cluster.tfrs': { tipo: 'tfr' },
  'main.cluster.ups': { tipo: 'ups' },
  'main.cluster.batmon': { tipo: 'batmon' },
  'main.cluster.io': { tipo: 'io' },
  'main.cluster.geladeira': { tipo: 'geladeira' },
  'main.cluster.postos': { tipo: 'posto' },
  'main.cluster.tanque': { tipo: 'tanque' },
  'main.cluster.unifilar': { tipo: 'gerador' },
  'main.cluster.combustivel': { feature: 'combustivel' },
  'main.cluster.combustivelPatrimonios': { feature: 'combustivel' },
  'main.cluster.combustivelAbastecimento': { feature: 'combustivel' },
  // The spec's customer-specific occurrence-status route: the health-plan review.
  'main.cluster.statusOcorrencias': { feature: 'planoSaude' },
  'main.cluster.relatorios': { feature: 'relatoriosArquivos' },
  'main.scd.combustivel': { feature: 'combustivel' },
  'main.venue.prime': { feature: 'prime' },
  'main.venue.combustivelPatrimonios': { feature: 'combustivel' },
  'main.venue.combustivelAbastecimento': { feature: 'combustivel' },
};

/** What the console knows of the system whose navigation is drawn. */
export interface SystemOffer {
  /** The system's features; undefined while the user's info is not known. */
  recursos: readonly SystemFeature[] | undefined;
  /** The system's device totals; undefined while unknown. */
  tipos: readonly Pick<TipoTotal, 'tipo' | 'total'>[] | undefined;
}

export function systemOffer(
  sistema: Pick<Sistema, 'recursos'> | undefined,
  tipos: readonly Pick<TipoTotal, 'tipo' | 'total'>[] | undefined,
): SystemOffer {
  return { recursos: sistema ? (sistema.recursos ?? []) : undefined, tipos };
}

/** Whether the navigation offers the route to this system. */
export function offeredTo(route: Pick<RouteEntry, 'id'>, offer: SystemOffer): boolean {
  const need = NAV_REQUIREMENTS[route.id];
  if (!need) return true;
  if (need.feature && !offer.recursos?.includes(need.feature)) return false;
  if (need.tipo && offer.tipos) {
    return offer.tipos.some((t) => t.tipo === need.tipo && t.total > 0);
  }
  return true;
}
