import fastJson from "fast-json-stringify";
import type { FastifyReply } from "fastify";
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
  return (schema instanceof z.ZodType && fastSerializer(schema)) || zodSerializerCompiler(route);
}

/** fast-json-stringify for a zod schema JSON Schema can express; null for one it cannot (e.g. a transform). */
function fastSerializer(schema: z.ZodType): ((data: unknown) => string) | null {
  try {
    const jsonSchema = z.toJSONSchema(schema, { io: "output", target: "draft-7", unrepresentable: "throw" });
    return fastJson(jsonSchema as Parameters<typeof fastJson>[0]);
  } catch {
    return null;
  }
}

/**
 * The same serialiser a route's answer gets, for a route that keeps its answer's bytes (the fines list cache).
 * The schema must be one JSON Schema can express.
 */
export function compileSerializer<T extends z.ZodType>(schema: T): (data: z.output<T>) => string {
  const serialize = fastSerializer(schema);
  if (!serialize) throw new Error("compileSerializer: the schema cannot be expressed as JSON Schema");
  return serialize;
}

/**
 * Answers with bytes `compileSerializer` already wrote for this route's response schema: Fastify sends a
 * Buffer as it is, and compression and the other onSend hooks still apply.
 */
export function sendSerialized(reply: FastifyReply, body: Buffer): FastifyReply {
  return reply.type("application/json; charset=utf-8").send(body);
}
