import fc from 'fast-check';
import type { JsonSchema, OpenApiParameter, Operation } from './openApi.js';

const MB = 1 << 20;
/** Built once: the hostile values share them. */
const ONE_MB = 'a'.repeat(MB);
/** The most JSON a list filled to its `maxItems` may take. */
const FULL_LIST_BYTES = 4 * MB;
const LONG = 'é'.repeat(40_000);

/** Text a caller can type into a path segment, a query value or a JSON string, meant to break things. */
export const HOSTILE_TEXT: readonly string[] = [
  '',
  ' ',
  'NaN',
  'Infinity',
  '-Infinity',
  '-1',
  '0',
  '-0',
  '1.5',
  '1e3',
  '1e309',
  '0x1F',
  '2147483647',
  '2147483648',
  '-2147483649',
  '4294967296',
  '9007199254740991',
  '9007199254740992',
  '9007199254740993',
  '-9007199254740993',
  '99999999999999999999999999',
  'true',
  'null',
  'undefined',
  '[]',
  '{}',
  '__proto__',
  'constructor',
  '\u0000',
  'a\u0000b',
  '\u001b[31m',
  '\u007f',
  '\u0008',
  '\r\n',
  '\t',
  '\uFEFF',
  '\u202Egnp.exe',
  '😀',
  'ação',
  "' OR 1=1 --",
  '"; drop table users; --',
  '%',
  '%00',
  '%zz',
  '../../etc/passwd',
  '<script>alert(1)</script>',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a log-injection probe, literally
  '${jndi:ldap://x}',
  LONG,
  ONE_MB,
];

/** Numbers a JSON body can carry that no column holds. */
export const HOSTILE_NUMBERS: readonly number[] = [
  -1,
  0,
  -0,
  0.5,
  2 ** 31 - 1,
  2 ** 31,
  -(2 ** 31) - 1,
  2 ** 32,
  2 ** 53 - 1,
  2 ** 53,
  -(2 ** 53),
  1e21,
  1e308,
  -1e308,
  Number.MIN_VALUE,
];

/** Whole JSON texts: broken, nested past any limit, huge, or with NaN (not JSON). */
export const HOSTILE_JSON_TEXTS: readonly string[] = [
  '',
  ' ',
  'null',
  'NaN',
  '{"a":NaN}',
  '{"a":Infinity}',
  '{',
  '{"a":',
  '[1,2',
  '{"a":1,}',
  "{'a':1}",
  '"\u0000"',
  '{"\u0000":1}',
  '{"__proto__":{"polluted":true}}',
  '{"constructor":{"prototype":{"polluted":true}}}',
  '1e400',
  '-',
  '\uFEFF{}',
  '['.repeat(100_000),
  `${'{"a":'.repeat(5_000)}1${'}'.repeat(5_000)}`,
  `${'['.repeat(33)}${']'.repeat(33)}`,
  `[${'1,'.repeat(200_000)}1]`,
  `{"s":"${ONE_MB}"}`,
  `"${'\\u0000'.repeat(1000)}"`,
];

export const WRONG_CONTENT_TYPES: readonly string[] = [
  'text/plain',
  'application/xml',
  'multipart/form-data; boundary=x',
  'application/x-www-form-urlencoded',
  'application/json; charset=latin1',
  'application/octet-stream',
  'application/json, text/plain',
  '',
  '\u0000',
  'a'.repeat(2000),
];

const nested = (depth: number): unknown => {
  let value: unknown = 1;
  for (let i = 0; i < depth; i++) value = i % 2 ? [value] : { a: value };
  return value;
};

/** Any value put where the schema wants something else. */
export const hostileJsonValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...HOSTILE_TEXT) },
  { weight: 3, arbitrary: fc.constantFrom(...HOSTILE_NUMBERS) },
  { weight: 1, arbitrary: fc.constantFrom(null, true, false, [], {}, [null], { '': null }) },
  { weight: 1, arbitrary: fc.integer({ min: 20, max: 60 }).map(nested) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 30 }) },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      Array.from({ length: 5_000 }, (_, i) => i),
      Array.from({ length: 1_000 }, () => 'x'),
    ),
  },
);

const lowerBound = (s: JsonSchema) =>
  s.exclusiveMinimum !== undefined ? s.exclusiveMinimum + 1 : s.minimum;
const upperBound = (s: JsonSchema) =>
  s.exclusiveMaximum !== undefined ? s.exclusiveMaximum - 1 : s.maximum;

function integerArbitrary(schema: JsonSchema): fc.Arbitrary<number> {
  const min = lowerBound(schema) ?? -(2 ** 31);
  const max = upperBound(schema) ?? 2 ** 31 - 1;
  const small = fc.integer({
    min: Math.max(min, -(2 ** 31)),
    max: Math.min(max, 2 ** 31 - 1, Math.max(min, -(2 ** 31)) + 5_000),
  });
  // The schema's own edges are where the store's columns end first.
  const edges = fc.constantFrom(...new Set([min, max, min + 1, max - 1].filter((n) => n <= max)));
  const wide = fc
    .bigInt({ min: BigInt(Math.max(min, -(2 ** 53))), max: BigInt(Math.min(max, 2 ** 53)) })
    .map(Number);
  const arbitraries: fc.WeightedArbitrary<number>[] = [
    { weight: 4, arbitrary: small },
    { weight: 2, arbitrary: edges },
    { weight: 1, arbitrary: wide },
  ];
  // A range that holds the present is a time: the last month, where the data is.
  const now = Math.floor(Date.now() / 1000);
  if (min <= now - 31 * 86_400 && max >= now) {
    arbitraries.push({ weight: 4, arbitrary: fc.integer({ min: now - 31 * 86_400, max: now }) });
  }
  return fc.oneof(...arbitraries);
}

/**
 * Values shaped by a JSON schema (mostly valid, edges included), with a
 * hostile value instead of a valid one at any place with probability
 * `hostile`.
 */
export function fromSchema(schema: JsonSchema, hostile = 0.15, depth = 0): fc.Arbitrary<unknown> {
  const valid = validFromSchema(schema, hostile, depth);
  if (hostile <= 0) return valid;
  const weight = Math.max(1, Math.round((1 / hostile - 1) * 2));
  return fc.oneof({ weight, arbitrary: valid }, { weight: 2, arbitrary: hostileJsonValue });
}

function validFromSchema(
  schema: JsonSchema,
  hostile: number,
  depth: number,
): fc.Arbitrary<unknown> {
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives) return fc.oneof(...alternatives.map((s) => fromSchema(s, hostile, depth)));
  if (schema.allOf?.[0]) return validFromSchema(schema.allOf[0], hostile, depth);
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  if (types.length > 1) {
    return fc.oneof(...types.map((type) => validFromSchema({ ...schema, type }, hostile, depth)));
  }
  switch (types[0]) {
    case 'string': {
      const minLength = schema.minLength ?? 0;
      const maxLength = Math.max(minLength, Math.min(schema.maxLength ?? 40, 40));
      if (schema.pattern) return fc.stringMatching(new RegExp(schema.pattern));
      const arbitraries: fc.Arbitrary<string>[] = [
        fc.string({ minLength, maxLength }),
        fc.string({ minLength, maxLength, unit: 'grapheme' }),
      ];
      if (schema.maxLength !== undefined) {
        arbitraries.push(fc.constant('x'.repeat(schema.maxLength)));
        arbitraries.push(fc.constant('ç'.repeat(schema.maxLength)));
      }
      return fc.oneof(...arbitraries);
    }
    case 'integer':
      return integerArbitrary(schema);
    case 'number':
      return fc.oneof(
        fc.double({
          noNaN: true,
          noDefaultInfinity: true,
          min: lowerBound(schema),
          max: upperBound(schema),
        }),
        integerArbitrary(schema),
      );
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array': {
      const item =
        depth > 6 ? fc.constant(null) : fromSchema(schema.items ?? {}, hostile, depth + 1);
      const minLength = schema.minItems ?? 0;
      const maxLength = Math.max(minLength, Math.min(schema.maxItems ?? 6, 6));
      const arbitraries = [fc.array(item, { minLength, maxLength })];
      if (schema.maxItems !== undefined && schema.maxItems <= 1_000) {
        // A full list, but never past a few MB of JSON: a list of 1 MB strings would
        // not fit in a string at all (V8's limit), and the server refuses it at 1 MB anyway.
        const full = schema.maxItems;
        arbitraries.push(
          item.map((v) => {
            const size = (JSON.stringify(v) ?? 'null').length + 1;
            const length = Math.max(minLength, Math.min(full, Math.floor(FULL_LIST_BYTES / size)));
            return Array.from({ length }, () => v);
          }),
        );
      }
      return fc.oneof(...arbitraries);
    }
    case 'object': {
      if (depth > 6) return fc.constant({});
      const values = schema.additionalProperties;
      if (!schema.properties && values && typeof values === 'object') {
        // A map (`z.record`): keys of its pattern, values of its schema.
        const pattern = schema.propertyNames?.pattern;
        const key = pattern ? fc.stringMatching(new RegExp(pattern)) : fc.string({ maxLength: 20 });
        return fc.dictionary(key, fromSchema(values, hostile, depth + 1), {
          minKeys: 1,
          maxKeys: 5,
        });
      }
      const properties = schema.properties ?? {};
      const model: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [name, s] of Object.entries(properties)) {
        model[name] = fromSchema(s, hostile, depth + 1);
      }
      const required = (schema.required ?? []).filter((k) => k in properties);
      const base = fc.record(model, { requiredKeys: required });
      if (hostile <= 0) return base;
      // Now and then a key the schema does not know.
      return fc.oneof(
        { weight: 5, arbitrary: base },
        fc
          .tuple(base, fc.constantFrom(...HOSTILE_TEXT.slice(0, 30)), hostileJsonValue)
          .map(([value, key, extra]) => ({ ...(value as object), [key]: extra })),
      );
    }
    default:
      return fc.jsonValue({ maxDepth: 3 });
  }
}

export interface FuzzRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string;
}

/** One path segment or query value as text, broken percent-encoding included on purpose. */
function asText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value) ?? '';
}

/** Percent-encodes what can be encoded; a lone surrogate is kept raw (the URL is then broken). */
function encode(text: string, raw: boolean): string {
  if (raw) return text;
  try {
    return encodeURIComponent(text);
  } catch {
    return text;
  }
}

/** What a header can carry over HTTP: printable ASCII, not too long. */
export const HOSTILE_HEADER_TEXT = HOSTILE_TEXT.filter(
  (t) => /^[\x20-\x7e]*$/.test(t) && t.length <= 8_192,
);

const hostileParameter = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...HOSTILE_TEXT) },
  fc.string({ unit: 'binary', maxLength: 20 }),
);

/** A parameter value: from its schema mostly, hostile text otherwise. */
const parameterValue = (p: OpenApiParameter) =>
  fc.oneof(
    { weight: 3, arbitrary: validFromSchema(p.schema, 0, 0).map(asText) },
    { weight: 2, arbitrary: hostileParameter },
  );

/**
 * Requests for one operation: its path and query parameters and its body from
 * their schemas, with hostile values, raw broken encodings, repeated and
 * unknown query keys, wrong or missing content types, hostile JSON texts.
 */
export function requestsFor(
  operation: Operation,
  /** The caller's credentials, fixed or drawn. */
  headers: Record<string, string> | fc.Arbitrary<Record<string, string>>,
): fc.Arbitrary<FuzzRequest> {
  const pathParameters = operation.parameters.filter((p) => p.in === 'path');
  const queryParameters = operation.parameters.filter((p) => p.in === 'query');

  const path = fc
    .tuple(
      fc.tuple(...pathParameters.map(parameterValue)),
      fc.array(fc.boolean(), {
        minLength: pathParameters.length,
        maxLength: pathParameters.length,
      }),
    )
    .map(([values, raw]) => {
      let i = 0;
      return operation.path.replace(/\{(\w+)\}/g, () => {
        const text = values[i] ?? '';
        const url = encode(text, raw[i] ?? false);
        i++;
        return url;
      });
    });

  const query = fc
    .tuple(
      fc.tuple(
        ...queryParameters.map((p) =>
          fc.option(
            fc.tuple(fc.array(parameterValue(p), { minLength: 1, maxLength: 3 }), fc.boolean()),
            { freq: p.required ? 8 : 2 },
          ),
        ),
      ),
      fc.option(fc.tuple(hostileParameter, hostileParameter), { freq: 4 }),
    )
    .map(([values, extra]) => {
      const parts: string[] = [];
      values.forEach((value, i) => {
        if (!value) return;
        const [texts, raw] = value;
        const name = queryParameters[i]?.name ?? '';
        // Mostly one value; a repeated key now and then (the parser makes it an array).
        for (const text of raw ? texts : texts.slice(0, 1)) {
          parts.push(`${name}=${encode(text, raw && texts.length > 2)}`);
        }
      });
      if (extra) parts.push(`${encode(extra[0], false)}=${encode(extra[1], false)}`);
      return parts.length > 0 ? `?${parts.join('&')}` : '';
    });

  const declared = operation.bodies[0];
  const jsonBodies = operation.bodies.filter((b) => b.contentType.includes('json'));
  const bodyOf = (b: { contentType: string; schema: JsonSchema }) =>
    fromSchema(b.schema).map((value) => ({
      contentType: b.contentType,
      payload: b.contentType.includes('json')
        ? (JSON.stringify(value) ?? 'null')
        : new URLSearchParams(
            Object.entries(value && typeof value === 'object' ? value : { v: value }).map(
              ([k, v]): [string, string] => [k, asText(v)],
            ),
          ).toString(),
    }));
  const anyContentType = fc.constantFrom(
    ...(declared ? [declared.contentType] : []),
    'application/json',
    ...WRONG_CONTENT_TYPES,
  );
  const body: fc.Arbitrary<{ contentType?: string; payload?: string }> = fc.oneof(
    ...(declared
      ? [
          { weight: 8, arbitrary: fc.oneof(...operation.bodies.map(bodyOf)) },
          {
            weight: 2,
            arbitrary: fc.record({
              contentType: fc.constantFrom(
                ...(jsonBodies.length > 0 ? jsonBodies : operation.bodies).map(
                  (b) => b.contentType,
                ),
              ),
              payload: fc.constantFrom(...HOSTILE_JSON_TEXTS),
            }),
          },
          {
            weight: 1,
            arbitrary: fc.record({
              contentType: fc.constantFrom(...WRONG_CONTENT_TYPES),
              payload: fc.oneof(
                bodyOf(declared).map((b) => b.payload),
                fc.constant('x=1'),
              ),
            }),
          },
          { weight: 1, arbitrary: fc.constant({}) },
        ]
      : [
          { weight: 8, arbitrary: fc.constant({}) },
          {
            weight: 1,
            arbitrary: fc.record({
              contentType: anyContentType,
              payload: fc.constantFrom(...HOSTILE_JSON_TEXTS.slice(0, 18)),
            }),
          },
        ]),
  );

  const credentials = headers instanceof fc.Arbitrary ? headers : fc.constant(headers);
  return fc.tuple(path, query, body, credentials).map(([p, q, b, h]) => {
    const request: FuzzRequest = { method: operation.method, url: `${p}${q}`, headers: { ...h } };
    if (b.contentType !== undefined) request.headers['content-type'] = b.contentType;
    if (b.payload !== undefined) request.payload = b.payload;
    return request;
  });
}

/** A request as a short text for a failure report (long values cut). */
export function describeRequest(request: FuzzRequest): string {
  const cut = (text: string) =>
    text.length > 160 ? `${text.slice(0, 120)}…(${text.length} caracteres)` : text;
  const type = request.headers['content-type'];
  return `${request.method} ${cut(request.url)}${type !== undefined ? ` [${cut(JSON.stringify(type))}]` : ''}${
    request.payload !== undefined ? ` ${cut(JSON.stringify(request.payload))}` : ''
  }`;
}
