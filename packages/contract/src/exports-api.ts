/**
 * Issue 20 Exports: a household's fine history as a CSV or a PDF statement, streamed as a download.
 * Imported as the `exportsApi` namespace (index.ts), so a bundle keeps only the endpoints it uses.
 */
import { idParams } from "./common.js";
import { defineEndpoint } from "./endpoint.js";
import { exportFileSchema, fineExportQuery } from "./exports.js";

export const exportFinesCsv = defineEndpoint({
  method: "GET",
  path: "/households/:id/exports/fines.csv",
  params: idParams,
  query: fineExportQuery,
  produces: ["text/csv"],
  response: exportFileSchema,
  auth: "session",
  errors: ["FORBIDDEN", "NOT_FOUND", "PLAN_LIMIT"],
});

export const exportFinesPdf = defineEndpoint({
  method: "GET",
  path: "/households/:id/exports/fines.pdf",
  params: idParams,
  query: fineExportQuery,
  produces: ["application/pdf"],
  response: exportFileSchema,
  auth: "session",
  errors: ["FORBIDDEN", "NOT_FOUND", "PLAN_LIMIT"],
});
