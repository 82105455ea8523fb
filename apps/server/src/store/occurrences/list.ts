import type { OccurrenceRow } from '@vigia/contract';
import { clampLimit, validatePeriodSec } from '@vigia/domain';
import { sql } from 'kysely';
import { badRequest } from '../../plugins/httpError.js';
import type { Store } from '../database.js';
import { occurrenceDb } from './db.js';
import {
  type AlarmFilter,
  type Direction,
  filterConditions,
  type OccurrenceFilter,
  whereClause,
} from './filter.js';
import { selectPageIds } from './page.js';
import { loadOccurrenceRows } from './rows.js';
import { resolveScope, type ScopeQuery } from './scope.js';
import { resolveTextFilter } from './text.js';

/**
 * 'history': every occurrence (both kinds unless a flag narrows it).
 * 'attention': the alarm summary — alarms active or not yet acknowledged,
 * plus events only when `evento=true`.
 */
export type ListKind = 'history' | 'attention';

/** The parsed query of an occurrence list (contract `occurrenceListQuery`). */
export interface ListQuery extends ScopeQuery {
  offSet?: number;
  limit?: number;
  filtroTexto?: string;
  orderBy?: Direction;
  inicio?: number;
  fim?: number;
  evento?: boolean;
  alarme?: boolean;
  alarmeativo?: boolean;
}

export interface ListOptions {
  kind: ListKind;
  defaultLimit: number;
  /** Tests lower it to exercise the deep-offset seek. */
  seekMinOffset?: number;
}

/**
 * The query's period, checked with the spec's rule when both ends are given
 * (001 §5: 'Data Final menor que Data Inicial.', 'Por favor, selecione um
 * periodo menor que 31 dias.'); a 400 with that text otherwise.
 */
export function checkedPeriod(
  inicio?: number,
  fim?: number,
): { from: number | null; to: number | null } {
  if (inicio !== undefined && fim !== undefined) {
    const problem = validatePeriodSec(inicio, fim);
    if (problem) throw badRequest(problem);
  }
  return { from: inicio ?? null, to: fim ?? null };
}

/**
 * The filter of a list query after tenancy (404 for ids outside the caller's
 * systems), or null when nothing can match.
 */
export async function buildFilter(
  store: Store,
  allowedSystemIds: readonly number[],
  query: ListQuery,
  kind: ListKind,
): Promise<OccurrenceFilter | null> {
  const period = checkedPeriod(query.inicio, query.fim);
  const scope = await resolveScope(store.db, allowedSystemIds, query);
  if (!scope) return null;

  let alarms: AlarmFilter | null;
  let events: boolean;
  if (query.alarmeativo) {
    // Events are records, never active.
    alarms = 'active';
    events = false;
  } else {
    const state: AlarmFilter = kind === 'attention' ? 'pending' : 'any';
    const asked = query.evento === true || query.alarme === true;
    const defaultAlarms = kind === 'history' || !asked;
    alarms = (asked ? query.alarme === true : defaultAlarms) ? state : null;
    events = asked ? query.evento === true : kind === 'history';
  }

  const filter: OccurrenceFilter = { ...scope, alarms, events, ...period, text: null };
  const text = query.filtroTexto?.trim();
  if (text) filter.text = await resolveTextFilter(occurrenceDb(store), text, scope);
  return filter;
}

export async function listOccurrences(
  store: Store,
  allowedSystemIds: readonly number[],
  query: ListQuery,
  options: ListOptions,
): Promise<OccurrenceRow[]> {
  const filter = await buildFilter(store, allowedSystemIds, query, options.kind);
  if (!filter) return [];
  const ids = await selectPageIds(store, filter, {
    offset: query.offSet ?? 0,
    limit: clampLimit(query.limit, options.defaultLimit),
    direction: query.orderBy ?? 'desc',
    seekMinOffset: options.seekMinOffset,
  });
  return loadOccurrenceRows(store.db, ids);
}

/** How many occurrences match (the active-alarm counter); index-only on the partial indexes. */
export async function countOccurrences(
  store: Store,
  filter: OccurrenceFilter | null,
): Promise<number> {
  if (!filter) return 0;
  const { rows } = await sql<{ n: number | string }>`
    select count(*) as n from occurrences ${whereClause(filterConditions(filter))}`.execute(
    store.db,
  );
  return Number(rows[0]?.n ?? 0);
}
