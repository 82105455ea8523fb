import type { OccurrenceCounter } from '@vigia/contract';
import { REFRESH_MS } from '@vigia/domain';
import { isHttpError } from '../../../lib/httpErrors';

/** What a side-bar counter shows. */
export interface CounterValue {
  count: number;
  /** Devices in the critical band (alarms: every active one). */
  critical: number;
}

function isCount(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0;
}

/** `/api/ocorrencias?alarmeativo=true` without paging answers `{ total }`. */
export function alarmCounter(body: unknown): CounterValue {
  const total = (body as Partial<OccurrenceCounter> | null)?.total;
  if (!isCount(total)) throw new Error('Resposta de contador sem total');
  return { count: total, critical: total };
}

/** An analysis page counts its rows per band: the counter is the devices in a band. */
export function analysisCounter(body: unknown): CounterValue {
  const page = body as { criticos?: unknown; atencao?: unknown } | null;
  if (!isCount(page?.criticos) || !isCount(page?.atencao)) {
    throw new Error('Resposta de análise sem contagem por faixa');
  }
  return { count: page.criticos + page.atencao, critical: page.criticos };
}

/** Counters refresh with the lists (60 s); a call the server does not offer (404) is not asked again. */
export function counterRefetchInterval(query: { state: { error: Error | null } }): number | false {
  return isHttpError(query.state.error, 404) ? false : REFRESH_MS;
}
