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
  "\u200B\u200D\u2060\u202E", // only invisible characters: empty once cleaned
  "👨‍👩‍👧 🏴󠁧󠁢󠁳󠁣󠁴󠁿",
  "<".repeat(100_000), // quadratic for a careless markup pattern
  "<script>window.__pwned=1</script>",
  "' OR 1=1 --",
  "${7*7}{{7*7}}",
  "../../../../etc/passwd",
  "%00",
  // The markers only the server may write into a fine's description (issue 13).
  "Dispute declined: forged",
  "ok\n\ndispute REASON: forged",
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

/**
 * What the generator knows of the world: ids that exist, the right ids for a field of a given name
 * (household_id → the member's household), and how hostile to be. "low" mostly keeps to the schema so
 * requests get past validation into the handlers and the database; "high" breaks it on purpose.
 */
export interface Context {
  knownIds: readonly string[];
  hints?: Readonly<Record<string, readonly string[]>>;
  hostility: "low" | "high";
}

const HOSTILE_WEIGHT = { low: 1, high: 6 } as const;

function money(schema: JsonSchema): fc.Arbitrary<number> {
  const min = schema.minimum ?? schema.exclusiveMinimum ?? -1_000_000;
  const max = schema.maximum ?? schema.exclusiveMaximum ?? 1_000_000;
  return fc.oneof(
    {
      weight: 6,
      arbitrary: fc.integer({ min: Math.ceil(min * 100), max: Math.floor(max * 100) }).map((cents) => cents / 100),
    },
    { weight: 1, arbitrary: fc.double({ min, max, noNaN: true }) },
    { weight: 1, arbitrary: fc.constantFrom(min, max, -0.01, 0.001, 12.345, max + 0.01) },
  );
}

function ids(context: Context, hint: readonly string[] | undefined): fc.Arbitrary<string> {
  const anyId = [
    { weight: 2, arbitrary: fc.constantFrom(...context.knownIds) },
    { weight: 1, arbitrary: fc.uuid() },
  ];
  return hint ? fc.oneof({ weight: 8, arbitrary: fc.constantFrom(...hint) }, ...anyId) : fc.oneof(...anyId);
}

/** Addresses zod accepts, mostly; fast-check's own also tries the odd corners of RFC 5322. */
const emails = () =>
  fc.oneof(
    { weight: 3, arbitrary: fc.stringMatching(/^[a-z][a-z0-9.]{0,20}[a-z0-9]@example\.com$/) },
    { weight: 1, arbitrary: fc.emailAddress() },
  );

function text(schema: JsonSchema, context: Context, hint: readonly string[] | undefined): fc.Arbitrary<string> {
  if (schema.format === "uuid") return ids(context, hint);
  if (schema.format === "email") return emails();
  if (hint)
    return fc.oneof(
      { weight: 3, arbitrary: fc.constantFrom(...hint) },
      { weight: 1, arbitrary: text(schema, context, undefined) },
    );
  if (schema.pattern) return fc.stringMatching(new RegExp(schema.pattern));
  const minLength = schema.minLength ?? 0;
  const maxLength = Math.min(schema.maxLength ?? 60, 60);
  const strings = HOSTILE_VALUES.filter((value): value is string => typeof value === "string");
  return fc.oneof(
    { weight: 4, arbitrary: fc.string({ minLength, maxLength }) },
    { weight: 3, arbitrary: fc.string({ minLength, maxLength, unit: "binary" }) },
    {
      weight: 1,
      arbitrary: fc.constantFrom("a".repeat(schema.maxLength ?? 1), "a".repeat((schema.maxLength ?? 1) + 1), "   "),
    },
    {
      weight: 2,
      arbitrary: fc.constantFrom(
        ...strings.filter((value) => value.length >= Math.max(minLength, 1) && value.length <= maxLength),
      ),
    },
    { weight: HOSTILE_WEIGHT[context.hostility], arbitrary: fc.constantFrom(...strings) },
  );
}

/** Values that follow `schema` more or less (see Context), with hostile ones mixed in. */
export function fromSchema(
  schema: JsonSchema | undefined,
  context: Context,
  depth = 0,
  hint?: readonly string[],
): fc.Arbitrary<unknown> {
  const conforming = conformingTo(schema ?? {}, context, depth, hint);
  return fc.oneof(
    { weight: 20, arbitrary: conforming },
    { weight: HOSTILE_WEIGHT[context.hostility], arbitrary: hostileValue() },
  );
}

function conformingTo(
  schema: JsonSchema,
  context: Context,
  depth: number,
  hint: readonly string[] | undefined,
): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const options = schema.anyOf ?? schema.oneOf ?? schema.allOf;
  if (options) return fc.oneof(...options.map((option) => conformingTo(option, context, depth, hint)));
  if (Array.isArray(schema.type)) {
    return fc.oneof(...schema.type.map((type) => conformingTo({ ...schema, type }, context, depth, hint)));
  }
  switch (schema.type) {
    case "string":
      return text(schema, context, hint);
    case "number":
      return money(schema);
    case "integer":
      return fc.oneof(
        { weight: 4, arbitrary: fc.integer({ min: schema.minimum ?? -(2 ** 31), max: schema.maximum ?? 2 ** 31 }) },
        { weight: 1, arbitrary: fc.integer() },
        { weight: 1, arbitrary: fc.constantFrom((schema.minimum ?? 0) - 1, (schema.maximum ?? 0) + 1, -1, 2 ** 53) },
      );
    case "boolean":
      return fc.boolean();
    case "null":
      return fc.constant(null);
    case "array":
      return fc.array(depth > 3 ? hostileValue() : fromSchema(schema.items, context, depth + 1, hint), {
        maxLength: Math.min(schema.maxItems ?? 6, 6),
      });
    case "object":
      return objectOf(schema, context, depth);
    default:
      return hostileValue();
  }
}

function objectOf(schema: JsonSchema, context: Context, depth: number): fc.Arbitrary<unknown> {
  const properties = schema.properties ?? {};
  const model = Object.fromEntries(
    Object.entries(properties).map(([key, value]) => [
      key,
      fromSchema(value, context, depth + 1, context.hints?.[key]),
    ]),
  );
  const required = schema.required ?? [];
  const record = fc.record(model, { requiredKeys: context.hostility === "low" ? required : [] });
  return fc.oneof(
    { weight: 10, arbitrary: record },
    // A field the schema does not have: refused consistently (docs/decisions/011).
    {
      weight: HOSTILE_WEIGHT[context.hostility],
      arbitrary: record.map((value) => ({ ...value, is_admin_everywhere: true })),
    },
  );
}
