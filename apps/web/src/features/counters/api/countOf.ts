import type { AnswerOf } from '@vigia/contract';
import type { API } from '@vigia/contract/api';
import { REFRESH_MS } from '@vigia/domain';
import { isHttpError } from '../../../lib/httpErrors';

/** What a side-bar counter shows. */
export interface CounterValue {
  count: number;
  /** Devices in the critical band (alarms: every active one). */
  critical: number;
}

/**
 * `API.occurrences.list` with `alarmeativo=true` without paging answers `{ total }`; a
 * list instead means the server did not read the call as the counter.
 */
export function alarmCounter(answer: AnswerOf<typeof API.occurrences.list>): CounterValue {
  if (Array.isArray(answer)) throw new Error('Resposta de contador sem total');
  return { count: answer.total, critical: answer.total };
}

/** An analysis page counts its rows per band: the counter is the devices in a band. */
export function analysisCounter(page: { criticos: number; atencao: number }): CounterValue {
  return { count: page.criticos + page.atencao, critical: page.criticos };
}

/** Counters refresh with the lists (60 s); a call the server does not offer (404) is not asked again. */
export function counterRefetchInterval(query: { state: { error: Error | null } }): number | false {
  return isHttpError(query.state.error, 404) ? false : REFRESH_MS;
}
