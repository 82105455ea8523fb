import type { AnswerOf, CallInput, RouteDefinition } from '@vigia/contract';
import { fillPath } from '@vigia/contract';
import { request } from './http';

export interface CallOptions {
  signal?: AbortSignal;
  /** The caller handles the failure itself (or the call is optional): no toast. */
  quiet?: boolean;
  /** A multipart body (a route that takes a file, such as the device import). */
  form?: FormData;
}

/** A call without params, query or body takes no input. */
type CallArgs<D extends RouteDefinition> =
  object extends CallInput<D>
    ? [input?: CallInput<D>, options?: CallOptions]
    : [input: CallInput<D>, options?: CallOptions];

/**
 * Calls one route of the contract's table (`API` of `@vigia/contract/api`):
 * its method and path, the path filled from `params`, `query` and `body` in
 * their wire form. Failures are reported and thrown as `request` does.
 */
export async function call<D extends RouteDefinition>(
  route: D,
  ...[input, options]: CallArgs<D>
): Promise<AnswerOf<D>> {
  const answer = await request<unknown>(fillPath(route.path, input?.params ?? undefined), {
    method: route.method,
    query: input?.query ?? undefined,
    json: input?.body,
    signal: options?.signal,
    quiet: options?.quiet,
    form: options?.form,
  });
  checkAnswer(route, answer);
  return answer as AnswerOf<D>;
}

/**
 * Development and tests check every answer against the contract; the
 * production build ships only methods and paths (build/contractWire.ts), so
 * there is no schema to check and nothing of zod in the bundle.
 */
function checkAnswer(route: RouteDefinition, answer: unknown): void {
  const schema = (route as Partial<RouteDefinition>).answer;
  if (!schema || (route.status === 204 && answer === undefined)) return;
  const result = schema.safeParse(answer);
  if (!result.success) {
    throw new Error(
      `resposta fora do contrato: ${route.method} ${route.path}: ${result.error.message}`,
    );
  }
}
