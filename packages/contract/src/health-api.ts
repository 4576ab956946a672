import { z } from "zod";
import { envelope } from "./common.js";
import { defineEndpoint } from "./endpoint.js";

export const healthSchema = z.object({ status: z.literal("ok"), database: z.enum(["pglite", "postgres"]) });

/** Whether the server can take traffic: a load balancer's question, answered 503 while it cannot. */
export const healthApi = {
  getHealth: defineEndpoint({
    method: "GET",
    path: "/health",
    response: envelope(healthSchema),
    auth: "public",
    errors: [],
  }),
};
