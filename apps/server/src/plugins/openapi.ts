import fp from "fastify-plugin";
import fastifySwagger from "@fastify/swagger";
import type { FastifyInstance } from "fastify";
import { jsonSchemaTransform } from "fastify-type-provider-zod";
import { API_ENDPOINTS, type Endpoint } from "@housemate/contract";
import { API_DOCS } from "@housemate/contract/api-docs";

const isDocumented = (operationId: unknown): operationId is keyof typeof API_DOCS =>
  typeof operationId === "string" && operationId in API_DOCS;

/**
 * The OpenAPI document at /api/openapi.json, made from the routes as registered (their contract endpoints' schemas,
 * operationIds and security), with each operation's summary, description and tags from the contract's api-docs.ts:
 * the one place those words are imported, so they stay out of the web's bundle (decision 028).
 */
/**
 * An endpoint whose success answer is a file (an export) is described as that file's content types with a binary
 * body; its error answers stay SPEC §8's JSON body, as they are sent.
 */
function withFileAnswer<S extends { response?: unknown }>(schema: S, endpoint: Endpoint): S {
  if (!endpoint.produces) return schema;
  const file = { schema: { type: "string", format: "binary" } };
  const content = Object.fromEntries(endpoint.produces.map((type) => [type, file]));
  const responses = schema.response as Record<string, unknown>;
  return { ...schema, response: { ...responses, [endpoint.status]: { description: "The file", content } } };
}

export default fp(
  async function openapi(app: FastifyInstance) {
    await app.register(fastifySwagger, {
      openapi: {
        openapi: "3.1.0",
        info: {
          title: "Housemate API",
          version: "1.0.0",
          description: "House rules, fines and a shared fine fund for flatmates. Errors are SPEC §8's error body.",
        },
        servers: [{ url: "/api" }],
        components: {
          securitySchemes: { bearer: { type: "http", scheme: "bearer" } },
        },
      },
      transform: (route) => {
        const transformed = jsonSchemaTransform(route);
        // Routes outside the API (the web app's pages, uploaded files) have no schema, whatever the type says.
        const schema = route.schema as typeof route.schema | undefined;
        const operationId: unknown = schema?.operationId;
        if (!isDocumented(operationId)) return transformed;
        const documented = { ...transformed.schema, ...API_DOCS[operationId] };
        return { ...transformed, schema: withFileAnswer(documented, API_ENDPOINTS[operationId]) };
      },
    });
  },
  { name: "openapi" },
);
