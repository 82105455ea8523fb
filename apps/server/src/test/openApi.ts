/*
 * The app's OpenAPI document as the fuzz and tenancy suites read it: its
 * operations, and a plain valid value for a schema.
 */

/** The parts of an OpenAPI 3.1 document the suites read. */
export interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  /** A map's keys and values (`z.record`). */
  propertyNames?: JsonSchema;
  additionalProperties?: JsonSchema | boolean;
  required?: string[];
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  default?: unknown;
  description?: string;
}

export interface OpenApiParameter {
  in: 'path' | 'query' | 'header' | 'cookie';
  name: string;
  required?: boolean;
  schema: JsonSchema;
}

export interface OpenApiOperation {
  parameters?: OpenApiParameter[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
  responses?: Record<string, { description?: string }>;
  security?: unknown[];
}

export interface OpenApiDocument {
  paths: Record<string, Record<string, OpenApiOperation>>;
}

export interface Operation {
  method: string;
  /** As the document writes it: `/api/Sites/{id}/site`. */
  path: string;
  parameters: OpenApiParameter[];
  /** Declared body content types and their schemas. */
  bodies: { contentType: string; schema: JsonSchema }[];
  /** Its answer is an endless event stream (`text/event-stream`). */
  streams: boolean;
  /** Needs a bearer token. */
  secured: boolean;
}

const METHODS = new Set(['get', 'post', 'put', 'delete', 'patch']);

/** Every operation of the document, in its order. */
export function operationsOf(document: OpenApiDocument): Operation[] {
  const operations: Operation[] = [];
  for (const [path, byMethod] of Object.entries(document.paths)) {
    for (const [method, op] of Object.entries(byMethod)) {
      if (!METHODS.has(method)) continue;
      operations.push({
        method: method.toUpperCase(),
        path,
        parameters: op.parameters ?? [],
        bodies: Object.entries(op.requestBody?.content ?? {}).map(([contentType, c]) => ({
          contentType,
          schema: c.schema,
        })),
        streams: Object.values(op.responses ?? {}).some((r) =>
          r.description?.includes('text/event-stream'),
        ),
        secured: (op.security ?? []).length > 0,
      });
    }
  }
  return operations;
}

const lowest = (s: JsonSchema) =>
  s.exclusiveMinimum !== undefined ? s.exclusiveMinimum + 1 : s.minimum;

/** Dates and times a text field with a pattern may want: today, now. */
function patternExample(pattern: string): string | undefined {
  const now = new Date();
  const candidates = [
    now.toISOString().slice(0, 10),
    now.toISOString().slice(11, 16),
    now.toISOString(),
    'x',
  ];
  return candidates.find((c) => new RegExp(pattern).test(c));
}

/**
 * A plain valid value of a schema: its default, first option or smallest
 * allowed value; objects with their required properties only. `force` names
 * properties (and array items, `[]`) to include on the way to a nested field.
 */
export function exampleOf(schema: JsonSchema, force: readonly string[] = [], name = ''): unknown {
  if (schema.default !== undefined && force.length === 0) return schema.default;
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives) {
    const objects = alternatives.filter((a) => a.type === 'object' || a.properties);
    const chosen =
      (force.length > 0 ? objects[0] : undefined) ??
      alternatives.find((a) => a.type !== 'null') ??
      alternatives[0];
    return chosen ? exampleOf(chosen, force, name) : null;
  }
  if (schema.allOf?.[0]) return exampleOf(schema.allOf[0], force, name);
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return schema.enum[0];
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'string':
      if (schema.pattern) return patternExample(schema.pattern) ?? 'x';
      // A day or a time checked by a refinement the schema does not show: yesterday, 08:00 to 18:00.
      if (/^data|Data[A-Z]?|^dia$/.test(name)) {
        return new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
      }
      if (/^(saida|fim|hora_?fim)/i.test(name)) return '18:00';
      if (/^(hora|entrada|inicio)/i.test(name)) return '08:00';
      return 'x'.repeat(Math.max(1, schema.minLength ?? 1));
    case 'integer':
    case 'number':
      return Math.max(lowest(schema) ?? 1, 1);
    case 'boolean':
      return false;
    case 'null':
      return null;
    case 'array': {
      const [head, ...rest] = force;
      const count = Math.max(schema.minItems ?? 0, head === '[]' ? 1 : 0);
      return Array.from({ length: count }, () =>
        exampleOf(schema.items ?? {}, head === '[]' ? rest : [], name),
      );
    }
    case 'object': {
      const [head, ...rest] = force;
      const value: Record<string, unknown> = {};
      for (const [name, s] of Object.entries(schema.properties ?? {})) {
        if (name === head) value[name] = exampleOf(s, rest, name);
        else if (schema.required?.includes(name)) value[name] = exampleOf(s, [], name);
      }
      return value;
    }
    default:
      return null;
  }
}
