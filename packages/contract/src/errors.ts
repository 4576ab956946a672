import { z } from "zod";
import { ERROR_STATUS, type ErrorCode } from "./values/errors.js";
export const errorCodeSchema = z.enum(Object.keys(ERROR_STATUS) as [ErrorCode, ...ErrorCode[]]);

export const errorBodySchema = z.object({
  error: z.object({
    message: z.string(),
    code: errorCodeSchema,
    requestId: z.string(),
    details: z.unknown().optional(),
  }),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;
