import fc from 'fast-check';

// fast-check arbitraries derived from the OpenAPI document's JSON schemas (tests/api/fuzz.int.test.ts): `validValue`
// makes values the schema accepts, `badValue` values a careless or hostile client sends instead, and `mutated` a valid
// value with one to three of its parts broken, so the fuzzer reaches past the first check of a route.

export type JsonSchema = {
  type?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  enum?: unknown[];
  oneOf?: JsonSchema[];
  items?: JsonSchema;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number | boolean;
  minItems?: number;
  maxItems?: number;
  nullable?: boolean;
};

/** Strings that broke real systems: control characters, direction overrides, lone surrogates, injections. */
export const nastyStrings: readonly string[] = [
  '',
  ' ',
  'a\u0000b',
  '\u0000',
  '\uD800',
  'x\uDFFFy',
  '\u202Egnp.exe',
  'مرحبا بالعالم',
  '😀👨‍👩‍👧‍👦🏳️‍🌈',
  'Z̤͔ͧ̑̓ä͖̭̈̇lͮ̒ͫǧ̗͚̚o̙̔ͮ̇͐̇',
  '\uFEFF\u200B\u2028\u2029',
  'ＡＢＣ１２３',
  '<script>alert(1)</script>',
  "'; drop table events; --",
  "' or '1'='1",
  '../../../../etc/passwd',
  '%s%n%x',
  '${7*7}{{7*7}}',
  'null',
  'undefined',
  'NaN',
  '-1',
  '1e309',
  '\r\nSet-Cookie: x=1',
];

export const badUuids: readonly string[] = [
  '00000000-0000-0000-0000-000000000000',
  'FFFFFFFF-FFFF-FFFF-FFFF-FFFFFFFFFFFF',
  '6f1c3b8e-2a4d-4e5f-9a7b-0c1d2e3f4a5',
  '6f1c3b8e-2a4d-4e5f-9a7b-0c1d2e3f4a5bb',
  '{6f1c3b8e-2a4d-4e5f-9a7b-0c1d2e3f4a5b}',
  '6f1c3b8e2a4d4e5f9a7b0c1d2e3f4a5b',
  "6f1c3b8e-2a4d-4e5f-9a7b-0c1d2e3f4a5b' or 1=1 --",
];

const numbers: readonly number[] = [-1, -0, 0, 0.5, -2147483649, 2147483648, 9007199254740993, 1e21, 1e308, -1e308, 5e-324];
const dates: readonly string[] = ['2024-02-30', '2024-13-01', '0000-01-01', '+275760-09-13', '9999-12-31T23:59:60Z', '01/02/2024', '2024-1-1'];

/** Any JSON value of a type other than the schema's, or one of the classic troublemakers. */
function wrongType(schema: JsonSchema): fc.Arbitrary<unknown> {
  const all: [string, unknown][] = [
    ['null', null],
    ['boolean', true],
    ['number', 1],
    ['string', 'true'],
    ['array', []],
    ['array', [null]],
    ['object', {}],
    ['object', { $gt: '' }],
  ];
  return fc.constantFrom(...all.filter(([type]) => type !== schema.type && !(type === 'number' && schema.type === 'integer')).map(([, v]) => v));
}

/** A value of the schema's shape that breaks one of its bounds, or a value of the wrong type. */
export function badValue(schema: JsonSchema): fc.Arbitrary<unknown> {
  const options: fc.Arbitrary<unknown>[] = [wrongType(schema), fc.constantFrom(...nastyStrings), fc.constantFrom(...numbers)];
  if (schema.enum) options.push(fc.constantFrom(...schema.enum.map((v) => (typeof v === 'string' ? `${v.toUpperCase()} ` : `${String(v)}x`))));
  if (schema.type === 'string') {
    if (schema.format === 'uuid') options.push(fc.constantFrom(...badUuids));
    if (schema.format === 'date' || schema.pattern?.includes('\\d{4}')) options.push(fc.constantFrom(...dates));
    const tooLong = (schema.maxLength ?? 10_000) + 1;
    options.push(fc.constantFrom('x'.repeat(tooLong), '😀'.repeat(Math.ceil(tooLong / 2)), 'é'.repeat(tooLong), 'x'.repeat(100_000)));
    options.push(fc.string({ unit: 'binary', maxLength: 40 }));
  }
  if (schema.type === 'integer' || schema.type === 'number') {
    const below = schema.minimum !== undefined ? schema.minimum - 1 : -1e12;
    const above = schema.maximum !== undefined ? schema.maximum + 1 : 1e300;
    options.push(fc.constantFrom(below, above, 1.5, -1.5, String(schema.minimum ?? 1)));
  }
  if (schema.type === 'array') {
    const item = schema.items ? validValue(schema.items, 2) : fc.constant(null);
    options.push(fc.array(item, { minLength: (schema.maxItems ?? 50) + 1, maxLength: (schema.maxItems ?? 50) + 3 }));
    options.push(fc.constant(Array.from({ length: 10_000 }, () => 'x')));
    if (schema.items) options.push(fc.array(badValue(schema.items), { minLength: 1, maxLength: 3 }));
  }
  return fc.oneof(...options);
}

/** A value the schema accepts (as far as a JSON schema says: the routes' cross-field rules are not followed). */
export function validValue(schema: JsonSchema, depth = 4, ids: readonly string[] = []): fc.Arbitrary<unknown> {
  const base = validValueOfType(schema, depth, ids);
  return schema.nullable ? fc.option(base, { nil: null, freq: 5 }) : base;
}

function validValueOfType(schema: JsonSchema, depth: number, ids: readonly string[]): fc.Arbitrary<unknown> {
  if (schema.enum && schema.enum.length > 0) return fc.constantFrom(...schema.enum);
  if (schema.oneOf) return fc.oneof(...schema.oneOf.map((s) => validValue(s, depth, ids)));
  switch (schema.type) {
    case 'string': {
      if (schema.format === 'uuid') return ids.length > 0 ? fc.oneof(fc.constantFrom(...ids), fc.uuid()) : fc.uuid();
      if (schema.format === 'date') return fc.date({ min: new Date('1950-01-01'), max: new Date('2060-01-01'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));
      if (schema.pattern) {
        try {
          return fc.stringMatching(new RegExp(schema.pattern)).filter((s) => s.length >= (schema.minLength ?? 0) && s.length <= (schema.maxLength ?? Infinity));
        } catch {
          // A pattern fast-check cannot generate from: plain strings, which mostly fail it (still bad input).
        }
      }
      const minLength = schema.minLength ?? 0;
      return fc.string({ minLength, maxLength: Math.max(minLength, Math.min(schema.maxLength ?? 30, 30)) });
    }
    case 'integer':
      return fc.integer({ min: Math.ceil(Math.max(schema.minimum ?? -1e6, -(2 ** 31))), max: Math.floor(Math.min(schema.maximum ?? 1e6, 2 ** 31)) });
    case 'number':
      return fc.double({ min: schema.minimum ?? -1e6, max: schema.maximum ?? 1e6, noNaN: true, noDefaultInfinity: true });
    case 'boolean':
      return fc.boolean();
    case 'array': {
      const minLength = schema.minItems ?? 0;
      if (!schema.items || depth <= 0) return fc.constant([]);
      return fc.array(validValue(schema.items, depth - 1, ids), { minLength, maxLength: Math.max(minLength, Math.min(schema.maxItems ?? 3, 3)) });
    }
    case 'object': {
      if (depth <= 0) return fc.constant({});
      const properties = Object.fromEntries(Object.entries(schema.properties ?? {}).map(([k, s]) => [k, validValue(s, depth - 1, ids)]));
      const record = fc.record(properties, { requiredKeys: (schema.required ?? []).filter((k) => k in properties) });
      if (typeof schema.additionalProperties !== 'object') return record;
      const extra = fc.dictionary(fc.string({ minLength: 1, maxLength: 12 }), validValue(schema.additionalProperties, depth - 1, ids), { maxKeys: 3 });
      return fc.tuple(record, extra).map(([r, e]) => ({ ...e, ...r }));
    }
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/** A place in a value: the path to it and the schema that describes it (undefined under an unknown field). */
type Node = { path: (string | number)[]; schema: JsonSchema | undefined };

function nodesOf(value: unknown, schema: JsonSchema | undefined, path: (string | number)[] = []): Node[] {
  const here: Node = { path, schema };
  // A oneOf's branch is not known any more: the children are described by the branch with that property.
  const branches = schema?.oneOf ?? (schema ? [schema] : []);
  if (Array.isArray(value)) {
    const items = branches.find((b) => b.items)?.items;
    return [here, ...value.flatMap((v, i) => nodesOf(v, items, [...path, i]))];
  }
  if (value !== null && typeof value === 'object') {
    return [
      here,
      ...Object.entries(value).flatMap(([k, v]) => {
        const branch = branches.find((b) => b.properties?.[k]);
        const child = branch?.properties?.[k] ?? (typeof schema?.additionalProperties === 'object' ? schema.additionalProperties : undefined);
        return nodesOf(v, child, [...path, k]);
      }),
    ];
  }
  return [here];
}

/** A change to one node: a bad value in its place, its removal (a required field goes missing), or an unknown sibling. */
export type Mutation = { path: (string | number)[]; kind: 'replace'; value: unknown } | { path: (string | number)[]; kind: 'remove' } | { path: (string | number)[]; kind: 'extra'; key: string; value: unknown };

const extraKeys = fc.oneof(fc.constantFrom('__proto__', 'constructor', 'id', 'uuid', 'user_id', 'status', 'admin', 'permissions', 'position', '$where'), fc.string({ minLength: 1, maxLength: 20 }));

/** One to three mutations of a value of `schema`. */
export function mutations(value: unknown, schema: JsonSchema): fc.Arbitrary<Mutation[]> {
  const nodes = nodesOf(value, schema);
  const mutation = fc.constantFrom(...nodes).chain((node): fc.Arbitrary<Mutation> => {
    const options: fc.Arbitrary<Mutation>[] = [
      (node.schema ? badValue(node.schema) : fc.constantFrom<unknown>(...nastyStrings, ...numbers)).map((v) => ({ path: node.path, kind: 'replace' as const, value: v })),
      fc.tuple(extraKeys, fc.constantFrom<unknown>(true, 1, 'x', null, { admin: true }, [])).map(([key, v]) => ({ path: node.path, kind: 'extra' as const, key, value: v })),
    ];
    if (node.path.length > 0) options.push(fc.constant({ path: node.path, kind: 'remove' as const }));
    return fc.oneof(...options);
  });
  return fc.array(mutation, { minLength: 1, maxLength: 3 });
}

/** `value` with the mutations applied (a fresh copy; a mutation whose path is gone by then is skipped). */
export function applyMutations(value: unknown, list: readonly Mutation[]): unknown {
  const holder: { root: unknown } = { root: structuredClone(value) };
  for (const m of list) {
    const path: (string | number)[] = ['root', ...m.path];
    let parent: unknown = holder;
    for (const key of path.slice(0, -1)) parent = parent !== null && typeof parent === 'object' ? (parent as Record<string | number, unknown>)[key] : undefined;
    if (parent === null || typeof parent !== 'object') continue;
    const last = path[path.length - 1]!;
    const container = parent as Record<string | number, unknown>;
    if (m.kind === 'replace') container[last] = m.value;
    else if (m.kind === 'remove') {
      if (Array.isArray(container)) container.splice(Number(last), 1);
      else delete container[last];
    } else {
      const target = container[last];
      // defineProperty: `__proto__` becomes an own key, sent in the JSON as the attacker would write it.
      if (target !== null && typeof target === 'object' && !Array.isArray(target)) Object.defineProperty(target, m.key, { value: m.value, enumerable: true, configurable: true, writable: true });
    }
  }
  return holder.root;
}
