import fastJson from "fast-json-stringify";
import type { FastifySerializerCompiler } from "fastify/types/schema.js";
import { serializerCompiler as zodSerializerCompiler } from "fastify-type-provider-zod";
import { z } from "zod";

type RouteSchema = Parameters<typeof zodSerializerCompiler>[0];

/**
 * Responses are written by fast-json-stringify, compiled once per route from its zod response schema
 * (as Fastify does with JSON Schema): only the declared fields are written, so nothing undeclared can
 * leak, and a list of fines is not re-validated field by field on every request (docs/performance.md).
 * A schema JSON Schema cannot express falls back to the zod serializer (validate, then JSON.stringify).
 */
export const responseSerializerCompiler: FastifySerializerCompiler<z.ZodType> = (route) => {
  // Compiled on a route's first answer, not at boot: a cold start does not pay for routes it never serves.
  let serialize: ((data: unknown) => string) | null = null;
  return (data) => {
    serialize ??= compile(route);
    return serialize(data);
  };
};

function compile(route: RouteSchema): (data: unknown) => string {
  const { schema } = route;
  if (schema instanceof z.ZodType) {
    try {
      const jsonSchema = z.toJSONSchema(schema, { io: "output", target: "draft-7", unrepresentable: "throw" });
      return fastJson(jsonSchema as Parameters<typeof fastJson>[0]);
    } catch {
      // e.g. a transform: serialise it the careful way below.
    }
  }
  return zodSerializerCompiler(route);
}
