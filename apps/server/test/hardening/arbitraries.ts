import fc from "fast-check";

/** The part of JSON Schema that @fastify/swagger writes for our zod schemas. */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  maxItems?: number;
}

const HUNDRED_KB = "x".repeat(100 * 1024);

/** Values that break careless code: boundaries, wrong types, odd text, numbers JSON can barely hold. */
export const HOSTILE_VALUES: unknown[] = [
  "",
  " ",
  "__proto__",
  "constructor",
  "prototype",
  HUNDRED_KB,
  "\u0000",
  "a\u0000b",
  "\ud800",
  "😀".repeat(60),
  "Z̷̢͎a̴͖͝l̸g̵o̶",
  "\u202Eevil",
  "<script>window.__pwned=1</script>",
  "' OR 1=1 --",
  "${7*7}{{7*7}}",
  "../../../../etc/passwd",
  "%00",
  "null",
  "NaN",
  "1e309",
  0,
  -0,
  -1,
  -0.01,
  0.001,
  1.005,
  99.999,
  100_000.01,
  1e21,
  -1e308,
  1.7976931348623157e308,
  Number.MAX_SAFE_INTEGER + 2,
  2 ** 31,
  -(2 ** 31) - 1,
  true,
  false,
  null,
  [],
  [null],
  {},
  { __proto__: null, nested: { deep: [1, "two", { three: 3 }] } },
];

export const hostileValue = () => fc.constantFrom(...HOSTILE_VALUES);

/** Path segments to put where an id goes. */
export const HOSTILE_PATH_VALUES = [
  "0",
  "-1",
  "99999999999999999999999999",
  "1e309",
  "3.14",
  "__proto__",
  "constructor",
  "00000000-0000-0000-0000-000000000000",
  "ffffffff-ffff-ffff-ffff-ffffffffffff",
  "%00",
  "..",
  "..%2F..%2Fetc%2Fpasswd",
  "%E2%80%AE",
  "😀",
  "null",
  "undefined",
  "x".repeat(2_000),
];

function money(schema: JsonSchema): fc.Arbitrary<number> {
  const min = schema.minimum ?? schema.exclusiveMinimum ?? -1_000_000;
  const max = schema.maximum ?? schema.exclusiveMaximum ?? 1_000_000;
  return fc.oneof(
    fc.integer({ min: Math.ceil(min * 100), max: Math.floor(max * 100) }).map((cents) => cents / 100),
    fc.double({ min, max, noNaN: true }),
    fc.constantFrom(min, max, -0.01, 0.001, 12.345, max + 0.01),
  );
}

function text(schema: JsonSchema, knownIds: readonly string[]): fc.Arbitrary<string> {
  if (schema.format === "uuid") return fc.oneof(fc.constantFrom(...knownIds), fc.uuid());
  if (schema.format === "email") return fc.emailAddress();
  if (schema.pattern) return fc.stringMatching(new RegExp(schema.pattern));
  const minLength = schema.minLength ?? 0;
  const maxLength = Math.min(schema.maxLength ?? 60, 60);
  return fc.oneof(
    { weight: 3, arbitrary: fc.string({ minLength, maxLength }) },
    { weight: 2, arbitrary: fc.string({ minLength, maxLength, unit: "binary" }) },
    { weight: 1, arbitrary: fc.constantFrom("a".repeat(schema.maxLength ?? 1), "a".repeat((schema.maxLength ?? 1) + 1), "   ") },
    { weight: 2, arbitrary: fc.constantFrom(...HOSTILE_VALUES.filter((value) => typeof value === "string")) },
  );
}

/** Values that mostly follow `schema`, so requests reach deep into the handlers, with hostile ones mixed in. */
export function fromSchema(schema: JsonSchema | undefined, knownIds: readonly string[], depth = 0): fc.Arbitrary<unknown> {
  const conforming = conformingTo(schema ?? {}, knownIds, depth);
  return fc.oneof({ weight: 4, arbitrary: conforming }, { weight: 1, arbitrary: hostileValue() });
}

function conformingTo(schema: JsonSchema, knownIds: readonly string[], depth: number): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const options = schema.anyOf ?? schema.oneOf ?? schema.allOf;
  if (options) return fc.oneof(...options.map((option) => conformingTo(option, knownIds, depth)));
  if (Array.isArray(schema.type)) {
    return fc.oneof(...schema.type.map((type) => conformingTo({ ...schema, type }, knownIds, depth)));
  }
  switch (schema.type) {
    case "string":
      return text(schema, knownIds);
    case "number":
      return money(schema);
    case "integer":
      return fc.oneof(fc.integer(), fc.constantFrom(schema.minimum ?? 0, schema.maximum ?? 0, -1, 2 ** 53));
    case "boolean":
      return fc.boolean();
    case "null":
      return fc.constant(null);
    case "array":
      return fc.array(depth > 3 ? hostileValue() : fromSchema(schema.items, knownIds, depth + 1), {
        maxLength: Math.min(schema.maxItems ?? 6, 6),
      });
    case "object":
      return objectOf(schema, knownIds, depth);
    default:
      return hostileValue();
  }
}

function objectOf(schema: JsonSchema, knownIds: readonly string[], depth: number): fc.Arbitrary<unknown> {
  const properties = schema.properties ?? {};
  const model = Object.fromEntries(
    Object.entries(properties).map(([key, value]) => [key, fromSchema(value, knownIds, depth + 1)]),
  );
  const record = fc.record(model, { requiredKeys: schema.required ?? [] });
  return fc.oneof(
    { weight: 5, arbitrary: record },
    // A field the schema does not have: refused consistently (docs/decisions/010).
    { weight: 1, arbitrary: record.map((value) => ({ ...value, is_admin_everywhere: true })) },
  );
}
