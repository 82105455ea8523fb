import { type RawBuilder, sql } from 'kysely';

/**
 * Which alarms a list wants: every one, those needing attention (active or not
 * yet acknowledged: the ISA-18.2 alarm summary) or only those still active.
 */
export type AlarmFilter = 'any' | 'pending' | 'active';

export type Direction = 'desc' | 'asc';

/** A text filter resolved to the alarm names and devices it matches. */
export interface TextMatch {
  names: readonly string[];
  deviceIds: readonly number[];
}

/** One occurrence query, after tenancy: every id in it is the caller's. */
export interface OccurrenceFilter {
  /** Never empty (an empty scope is answered without a query). */
  systemIds: readonly number[];
  /** Null: every device of `systemIds`. Never empty. */
  deviceIds: readonly number[] | null;
  /** Null: no alarms (events only). */
  alarms: AlarmFilter | null;
  events: boolean;
  /** Period on `hora_ativacao`, epoch seconds, both inclusive. */
  from: number | null;
  to: number | null;
  text: TextMatch | null;
}

export const PENDING_CONDITION = sql<boolean>`(hora_desativacao is null or hora_ack is null)`;

/**
 * Shelved alarms and alarms of devices out of service (store/alarms) leave
 * every list of alarms needing attention and the active counter; history keeps them.
 */
export const ANNUNCIATED_CONDITION = sql<boolean>`shelved_until is null and out_of_service = 0`;

/**
 * Conditions on `alarms`/`events`. They repeat the partial indexes' predicates
 * word for word (`is_evt = 0`, PENDING_CONDITION, `hora_desativacao is null`),
 * which is what lets SQLite use those indexes.
 */
function kindConditions(filter: OccurrenceFilter): RawBuilder<unknown>[] {
  const { alarms, events } = filter;
  if (alarms === null) return [sql`is_evt = 1`];
  const state =
    alarms === 'pending'
      ? [PENDING_CONDITION, ANNUNCIATED_CONDITION]
      : alarms === 'active'
        ? [PENDING_CONDITION, sql`hora_desativacao is null`, ANNUNCIATED_CONDITION]
        : [];
  if (!events) return [sql`is_evt = 0`, ...state];
  if (state.length === 0) return [];
  return [sql`(is_evt = 1 or (is_evt = 0 and ${sql.join(state, sql` and `)}))`];
}

function inList(column: string, values: readonly (number | string)[]): RawBuilder<unknown> {
  return values.length === 1
    ? sql`${sql.ref(column)} = ${values[0]}`
    : sql`${sql.ref(column)} in (${sql.join(values)})`;
}

export interface ConditionOptions {
  /** Replace the filter's systems (a per-system branch). */
  systemId?: number;
  /** Replace the filter's devices (a per-device branch). */
  deviceId?: number;
  /** A branch of one alarm name the text filter matched: replaces the text condition. */
  name?: string;
  /** A branch of one device the text filter matched: replaces the text condition. */
  textDeviceId?: number;
  /** Extra bounds on `hora_ativacao` (the deep-offset seek). */
  below?: number | null;
  atOrAbove?: number | null;
}

/** The WHERE terms of `filter` on the `occurrences` table (unqualified columns). */
export function filterConditions(
  filter: OccurrenceFilter,
  options: ConditionOptions = {},
): RawBuilder<unknown>[] {
  const terms: RawBuilder<unknown>[] = [];
  if (options.name !== undefined) {
    // The unary plus keeps SQLite off the system index, so the name index gives the order.
    terms.push(sql`nome_alarme = ${options.name}`);
    terms.push(sql`+system_id in (${sql.join(filter.systemIds)})`);
    if (filter.deviceIds) terms.push(inList('device_id', filter.deviceIds));
  } else if (options.deviceId !== undefined || options.textDeviceId !== undefined) {
    terms.push(sql`device_id = ${options.deviceId ?? options.textDeviceId}`);
  } else {
    terms.push(
      options.systemId !== undefined
        ? sql`system_id = ${options.systemId}`
        : inList('system_id', filter.systemIds),
    );
    if (filter.deviceIds) terms.push(inList('device_id', filter.deviceIds));
  }
  terms.push(...kindConditions(filter));
  // One bound per side, the tighter: given two upper bounds, SQLite may range the index on
  // the looser one and filter the other, stepping over every row between them.
  const { from, to } = filter;
  const { below, atOrAbove } = options;
  const lower = atOrAbove != null && (from === null || atOrAbove > from) ? atOrAbove : from;
  if (lower !== null) terms.push(sql`hora_ativacao >= ${lower}`);
  if (below != null && (to === null || below <= to)) terms.push(sql`hora_ativacao < ${below}`);
  else if (to !== null) terms.push(sql`hora_ativacao <= ${to}`);
  if (filter.text && options.name === undefined && options.textDeviceId === undefined) {
    const alternatives: RawBuilder<unknown>[] = [];
    if (filter.text.names.length > 0) alternatives.push(inList('nome_alarme', filter.text.names));
    if (filter.text.deviceIds.length > 0) {
      alternatives.push(inList('device_id', filter.text.deviceIds));
    }
    terms.push(
      alternatives.length === 0 ? sql`1 = 0` : sql`(${sql.join(alternatives, sql` or `)})`,
    );
  }
  return terms;
}

export function whereClause(terms: RawBuilder<unknown>[]): RawBuilder<unknown> {
  return terms.length === 0 ? sql`` : sql`where ${sql.join(terms, sql` and `)}`;
}
