import type { BatteryRow, LoadSpeedRow, PowerRow, TankRow } from '@vigia/contract';
import { request } from '../../../lib/http';

/** Where an analysis list looks: all the user's systems (sisid 0), one system, plant, SCD or venue. */
export interface AnalysisScope {
  sisid?: number;
  usinaId?: number;
  scdId?: number;
  venueId?: number;
}

export interface AnalysisPage<T> {
  total: number;
  criticos: number;
  atencao: number;
  itens: T[];
}

export interface AnalysisPageRequest {
  scope: AnalysisScope;
  offSet: number;
  limit: number;
  filtroTexto?: string;
  orderBy?: string;
  signal?: AbortSignal;
}

/** The analysis lists and the tank list of spec 000 §7, paged alike. */
export const ANALYSIS_PATHS = {
  baterias: '/api/energia/analise/baterias',
  potencias: '/api/energia/analise/potencias',
  loadspeeds: '/api/energia/analise/loadspeeds',
  tanques: '/api/energia/tanques',
} as const;

export type AnalysisKind = keyof typeof ANALYSIS_PATHS;

export interface AnalysisRowOf {
  baterias: BatteryRow;
  potencias: PowerRow;
  loadspeeds: LoadSpeedRow;
  tanques: TankRow;
}

export function getAnalysisPage<K extends AnalysisKind>(
  kind: K,
  r: AnalysisPageRequest,
): Promise<AnalysisPage<AnalysisRowOf[K]>> {
  return request<AnalysisPage<AnalysisRowOf[K]>>(ANALYSIS_PATHS[kind], {
    query: {
      ...r.scope,
      offSet: r.offSet,
      limit: r.limit,
      filtroTexto: r.filtroTexto || undefined,
      orderBy: r.orderBy || undefined,
    },
    signal: r.signal,
  });
}
