import type { AnalysisKind, AnswerOf } from '@vigia/contract';
import { API } from '@vigia/contract/api';
import { call } from '../../../lib/api';

/** Where an analysis list looks: all the user's systems (sisid 0), one system, plant, SCD or venue. */
export interface AnalysisScope {
  sisid?: number;
  usinaId?: number;
  scdId?: number;
  venueId?: number;
}

export interface AnalysisPageRequest {
  scope: AnalysisScope;
  offSet: number;
  limit: number;
  filtroTexto?: string;
  orderBy?: string;
  signal?: AbortSignal;
}

/** A page of one analysis list (`API.analysis`: baterias, potencias, loadspeeds, tanques). */
export type AnalysisPage<K extends AnalysisKind> = AnswerOf<(typeof API.analysis)[K]>;
export type AnalysisRowOf<K extends AnalysisKind> = AnalysisPage<K>['itens'][number];

type AnalysisQuery = Omit<AnalysisPageRequest, 'scope' | 'signal'> & AnalysisScope;
type PageGetters = {
  [K in AnalysisKind]: (query: AnalysisQuery, signal?: AbortSignal) => Promise<AnalysisPage<K>>;
};

/** One getter per list, so each call keeps its own query and answer types. */
const GETTERS: PageGetters = {
  baterias: (query, signal) => call(API.analysis.baterias, { query }, { signal }),
  potencias: (query, signal) => call(API.analysis.potencias, { query }, { signal }),
  loadspeeds: (query, signal) => call(API.analysis.loadspeeds, { query }, { signal }),
  tanques: (query, signal) => call(API.analysis.tanques, { query }, { signal }),
};

/** The analysis lists and the tank list of spec 000 §7, paged alike. */
export function getAnalysisPage<K extends AnalysisKind>(
  kind: K,
  r: AnalysisPageRequest,
): Promise<AnalysisPage<K>> {
  const getPage: PageGetters[K] = GETTERS[kind];
  return getPage(
    {
      ...r.scope,
      offSet: r.offSet,
      limit: r.limit,
      filtroTexto: r.filtroTexto || undefined,
      orderBy: r.orderBy || undefined,
    },
    r.signal,
  );
}
