import fp from "fastify-plugin";
import fastifySwagger from "@fastify/swagger";
import type { FastifyInstance } from "fastify";
import { jsonSchemaTransform } from "fastify-type-provider-zod";
import { API_DOCS } from "@housemate/contract/api-docs";

const isDocumented = (operationId: unknown): operationId is keyof typeof API_DOCS =>
  typeof operationId === "string" && operationId in API_DOCS;

/**
 * The OpenAPI document at /api/openapi.json, made from the routes as registered (their contract endpoints' schemas,
 * operationIds and security), with each operation's summary, description and tags from the contract's api-docs.ts:
 * the one place those words are imported, so they stay out of the web's bundle (decision 028).
 */
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
        return { ...transformed, schema: { ...transformed.schema, ...API_DOCS[operationId] } };
      },
    });
  },
  { name: "openapi" },
);
