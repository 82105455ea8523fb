import type { z } from 'zod';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Statuses a call answers with the error body (`errors.ts`), each with when (pt-BR, for the docs). */
export type ErrorCases = Partial<Record<400 | 401 | 403 | 404 | 409 | 413 | 429 | 503, string>>;

/**
 * One call of the catalogue, written once: the server registers its handler
 * from it (validation, serialisation, OpenAPI) and the console calls it through
 * `lib/api.ts`. `path` is the full path as served, with `{name}` for each path
 * parameter (as spec 000 §7 writes them).
 */
export interface RouteDefinition {
  method: HttpMethod;
  /** Further methods served by the same handler (the spec leaves some methods open). */
  alsoMethods?: readonly HttpMethod[];
  path: string;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** The 2xx answer. Without transforms: the console reads the JSON as the server wrote it. */
  answer: z.ZodType;
  /** Answer status when it is not 200 (201, 202, 204). */
  status?: 200 | 201 | 202 | 204;
  errors: ErrorCases;
  /** Body of the error statuses, when not the error body (health answers 503 with its own). */
  errorAnswer?: z.ZodType;
  /** OpenAPI grouping and texts (pt-BR). */
  tags: readonly string[];
  summary: string;
  description?: string;
  /** No bearer token needed (sign-in, health, device ingest). */
  public?: true;
  /**
   * The server writes the 2xx answer with JSON.stringify alone, without
   * checking it against `answer` first: for answers of thousands of values
   * (the chart's series), where the check took twice as long as writing them.
   * The handler's return type still follows `answer`.
   */
  uncheckedAnswer?: true;
}

/**
 * Keeps the literal types of a definition (paths, schemas) for both sides.
 * Marked free of side effects, so a bundle that takes a constant from an
 * area's file leaves its route definitions, and zod with them, out.
 */
/* @__NO_SIDE_EFFECTS__ */
export function defineRoute<const D extends RouteDefinition>(definition: D): D {
  return definition;
}

type SchemaOf<D, K extends 'params' | 'query' | 'body'> = D extends {
  [P in K]: infer S extends z.ZodType;
}
  ? S
  : undefined;

export type ParamsSchema<D> = SchemaOf<D, 'params'>;
export type QuerySchema<D> = SchemaOf<D, 'query'>;
export type BodySchema<D> = SchemaOf<D, 'body'>;

type InputOf<S> = S extends z.ZodType ? z.input<S> : undefined;

/** A query or path value travels as text: a text field also takes a number or a flag; null is not sent. */
type WireValue<T> = T | null | (T extends string ? number | boolean : never);
type WireInput<I> = { [K in keyof I]: WireValue<I[K]> };

/** What a caller sends: the wire form of each part (before the server's coercion). */
export type CallInput<D extends RouteDefinition> = (ParamsSchema<D> extends z.ZodType
  ? { params: WireInput<InputOf<ParamsSchema<D>>> }
  : { params?: undefined }) &
  (QuerySchema<D> extends z.ZodType
    ? { query: WireInput<InputOf<QuerySchema<D>>> }
    : { query?: undefined }) &
  (BodySchema<D> extends z.ZodType ? { body: InputOf<BodySchema<D>> } : { body?: undefined });

/** What a call answers. */
export type AnswerOf<D extends RouteDefinition> = z.output<D['answer']>;

/** Only the parts the console needs at run time in production (see apps/web/build/contractWire.ts). */
export type WireRoute = Pick<RouteDefinition, 'method' | 'path'>;

/** `/api/Sites/{id}/site` with `{ id: 7 }` → `/api/Sites/7/site`. */
export function fillPath(path: string, params: Record<string, unknown> | undefined): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === null || value === '') {
      throw new Error(`parâmetro de caminho ausente: ${name} em ${path}`);
    }
    return encodeURIComponent(String(value));
  });
}

/** Every definition of a table of areas (`{ area: { name: definition } }`), in order. */
export function listRoutes<T extends Record<string, Record<string, RouteDefinition>>>(
  table: T,
): RouteDefinition[] {
  return Object.values(table).flatMap((area) => Object.values(area));
}
