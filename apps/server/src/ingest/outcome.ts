/**
 * What became of one message: `stored` once its batch is committed, `refused`
 * when it can never be stored (malformed, unknown device, time out of range),
 * `failed` when it was not stored this time (overload, closing, a failed
 * write) and should be sent again.
 */
export type Outcome = 'stored' | 'refused' | 'failed';
export type OnOutcome = (outcome: Outcome) => void;
