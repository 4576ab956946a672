/**
 * Whether the server can take traffic: a load balancer's question, answered 503 while it cannot.
 * Imported as the `healthApi` namespace (index.ts), so a bundle keeps only the endpoints it uses.
 */
import { envelope } from "./common.js";
import { defineEndpoint } from "./endpoint.js";
import { healthSchema } from "./health.js";

export const getHealth = defineEndpoint({
  method: "GET",
  path: "/health",
  response: envelope(healthSchema),
  auth: "public",
  errors: [],
});
