import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { constants as zlib } from "node:zlib";
import type { FastifyReply } from "fastify";
import { EXPORT_MEDIA_TYPES, exportsApi, type ExportFormat, type FineExportQuery } from "@housemate/contract";
import { requireMember, type HouseholdRow } from "../../lib/access.js";
import { routeOptions } from "../../lib/route.js";
import { fundBalanceMinor } from "../balance/queries.js";
import { fineHistoryCsv } from "./csv.js";
import { attachmentHeader } from "./file-name.js";
import { fineStatementPdf } from "./pdf.js";
import { exportScope, utcDay, type ExportScope } from "./period.js";
import { exportFineBatches, firstFineAt, memberTotals, withFirstBatchRead } from "./queries.js";

/**
 * Issue 20 Exports: the household's fine history as CSV and as a PDF statement, for any member. Both stream: the
 * headers and the first bytes leave before the fines are read, and fines are read a batch at a time as the
 * download takes them (docs/decisions/044).
 */
const exportRoutes: FastifyPluginAsyncZod = async (app) => {
  /** The period's two days as the file and the statement name them: the first fine's day when `from` is unset. */
  async function periodOf(scope: ExportScope, query: FineExportQuery, household: HouseholdRow) {
    const today = utcDay(app.now());
    const first = query.from ? null : await firstFineAt(app.db, scope);
    return { from: query.from ?? utcDay(first ?? household.createdAt), to: query.to ?? today };
  }

  function download(reply: FastifyReply, format: ExportFormat, name: string) {
    return reply
      .header("content-type", EXPORT_MEDIA_TYPES[format])
      .header("content-disposition", name)
      .header("cache-control", "no-store")
      .header("x-content-type-options", "nosniff");
  }

  app.route({
    ...routeOptions(exportsApi.exportFinesCsv),
    config: { feature: "exports" },
    // CSV shrinks several times over, so it stays compressed; but the compressor would hold every batch until its
    // buffer fills (the whole file for most households): flushing each write sends each batch as it is read.
    compress: {
      zlibOptions: { flush: zlib.Z_SYNC_FLUSH },
      brotliOptions: { flush: zlib.BROTLI_OPERATION_FLUSH },
    },
    handler: async (request, reply) => {
      const household = await requireMember(app.db, request.session, request.params.id);
      const scope = exportScope(household.id, request.query);
      const period = await periodOf(scope, request.query, household);
      const batches = await withFirstBatchRead(exportFineBatches(app.db, scope));
      const body = fineHistoryCsv(batches, household.currency);
      return download(reply, "csv", attachmentHeader(household.name, period.from, period.to, "csv")).send(body);
    },
  });

  app.route({
    ...routeOptions(exportsApi.exportFinesPdf),
    config: { feature: "exports" },
    // pdfkit already deflates the pages: compressing again costs CPU and holds back the first bytes for nothing.
    compress: false,
    handler: async (request, reply) => {
      const household = await requireMember(app.db, request.session, request.params.id);
      const scope = exportScope(household.id, request.query);
      const [period, totals, balance] = await Promise.all([
        periodOf(scope, request.query, household),
        memberTotals(app.db, scope),
        fundBalanceMinor(app.db, household.id),
      ]);
      const heading = {
        householdName: household.name,
        currency: household.currency,
        ...period,
        generatedAt: app.now(),
        totals,
        fundBalanceMinor: balance,
      };
      const body = fineStatementPdf(heading, await withFirstBatchRead(exportFineBatches(app.db, scope)));
      return download(reply, "pdf", attachmentHeader(household.name, period.from, period.to, "pdf")).send(body);
    },
  });
};

export default exportRoutes;
