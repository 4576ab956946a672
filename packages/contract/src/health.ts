import { z } from "zod";

/** GET /health's answer while the server can take traffic, and which database it runs on. */
export const healthSchema = z.object({ status: z.literal("ok"), database: z.enum(["pglite", "postgres"]) });
