import {
  type BodySchema,
  errorBody,
  type ParamsSchema,
  type QuerySchema,
  type RouteDefinition,
} from '@vigia/contract';
import type { FastifyInstance, FastifySerializerCompiler, HTTPMethods } from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import type { ZodType } from 'zod';

type SuccessAnswer<D extends RouteDefinition> = D extends { status: 201 }
  ? { 201: D['answer'] }
  : D extends { status: 202 }
    ? { 202: D['answer'] }
    : D extends { status: 204 }
      ? { 204: D['answer'] }
      : { 200: D['answer'] };

/** Error statuses typed only where they answer with a body of their own (`errorAnswer`). */
type ErrorAnswers<D extends RouteDefinition> = D extends { errorAnswer: infer E extends ZodType }
  ? { [S in keyof D['errors']]: E }
  : unknown;

/** The Fastify route options a contract definition gives (the handler and hooks are the caller's). */
export interface ContractRouteOptions<D extends RouteDefinition> {
  method: HTTPMethods | HTTPMethods[];
  url: string;
  schema: {
    tags: string[];
    summary: string;
    description?: string;
    params: ParamsSchema<D>;
    querystring: QuerySchema<D>;
    body: BodySchema<D>;
    response: SuccessAnswer<D> & ErrorAnswers<D>;
  };
  /** Set for a definition with `uncheckedAnswer`: its success status written by JSON.stringify alone. */
  serializerCompiler?: FastifySerializerCompiler<unknown>;
}

const writeJson = (data: unknown) => JSON.stringify(data);

/** The success answer written unchecked, the error answers checked as every route's. */
function uncheckedSerializer(definition: RouteDefinition): FastifySerializerCompiler<unknown> {
  const success = definition.status ?? 200;
  return (route) =>
    Number(route.httpStatus) === success
      ? writeJson
      : serializerCompiler({ ...route, schema: route.schema as ZodType });
}

/**
 * `app.route({ ...fromContract(app, API.area.call), handler })`: the method,
 * the path (relative to the plugin's prefix, `{id}` as `:id`) and the schemas
 * of the contract's definition, so the handler is typed and validated by it.
 */
export function fromContract<const D extends RouteDefinition>(
  app: FastifyInstance,
  definition: D,
): ContractRouteOptions<D> {
  const { prefix } = app;
  if (!definition.path.startsWith(prefix)) {
    throw new Error(`${definition.path} registrada fora do prefixo ${prefix}`);
  }
  const url = definition.path.slice(prefix.length).replace(/\{(\w+)\}/g, ':$1');
  const errorAnswer = definition.errorAnswer ?? errorBody;
  const response: Record<number, ZodType> = { [definition.status ?? 200]: definition.answer };
  for (const status of Object.keys(definition.errors)) response[Number(status)] = errorAnswer;
  const methods = [definition.method, ...(definition.alsoMethods ?? [])];
  const schema: Record<string, unknown> = {
    tags: [...definition.tags],
    summary: definition.summary,
    description: definition.description,
    params: definition.params,
    querystring: definition.query,
    body: definition.body,
    response,
  };
  // Fastify and the OpenAPI transform read a present key as a schema.
  for (const key of Object.keys(schema)) if (schema[key] === undefined) delete schema[key];
  return {
    method: methods.length === 1 ? definition.method : methods,
    url: url === '' ? '/' : url,
    schema: schema as ContractRouteOptions<D>['schema'],
    ...(definition.uncheckedAnswer ? { serializerCompiler: uncheckedSerializer(definition) } : {}),
  };
}
