import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { FINE_PAGE_DEFAULT, finePageSchema, finesApi, NO_HOUSEHOLD_FINE_MESSAGE } from "@housemate/contract";
import { requireHousehold, requireMember } from "../../lib/access.js";
import { forbidden, notFound } from "../../lib/errors.js";
import { compileSerializer, sendSerialized } from "../../lib/response-serializer.js";
import { routeOptions } from "../../lib/route.js";
import { FINE_NOT_FOUND_MESSAGE } from "./lifecycle.js";
import { FinesListCache } from "./list-cache.js";
import { finePage, type FinesPageRequest } from "./page.js";
import { presentFine } from "./presenter.js";
import { findFine, findUser } from "./queries.js";
import { editFine, issueFine } from "./service.js";

const NO_HOUSEHOLD_LIST_MESSAGE = "You must be part of a household to see its fines";
/** Room for thousands of households' first pages (a few kB each); each instance keeps its own. */
const LIST_CACHE_BYTES = 32 * 1024 * 1024;

/** SPEC §7 Fines: lists, issuing and the issuer's edit. Pay, dispute and review are in lifecycle-routes.ts. */
const fineRoutes: FastifyPluginAsyncZod = async (app) => {
  const listCache = new FinesListCache(LIST_CACHE_BYTES);
  const serializePage = compileSerializer(finePageSchema);
  const pageOf = (scope: Parameters<typeof finePage>[1], query: FinesPageRequest) =>
    finePage(app.db, scope, query, app.config.publicUrl);

  app.route({
    ...routeOptions(finesApi.listFines),
    handler: async (request) => {
      const householdId = requireHousehold(request.session, NO_HOUSEHOLD_LIST_MESSAGE);
      return pageOf({ householdId }, request.query);
    },
  });

  app.route({
    ...routeOptions(finesApi.listFinesOfOffender),
    handler: async (request) => {
      const householdId = requireHousehold(request.session, NO_HOUSEHOLD_LIST_MESSAGE);
      const offender = await findUser(app.db, request.params.offenderId);
      if (!offender) throw notFound("User not found");
      if (offender.householdId !== householdId) throw forbidden();
      return pageOf({ householdId, offenderId: offender.id }, request.query);
    },
  });

  app.route({
    ...routeOptions(finesApi.listHouseholdFines),
    handler: async (request, reply) => {
      const household = await requireMember(app.db, request.session, request.params.householdId);
      // Only the household's first page as the dashboard asks for it is kept (the same bytes for every member until a
      // fine changes): a kept page per cursor, filter or size would let one member's made-up questions push every
      // other household's page out of the cache. Any other page is one index range (decision 022).
      if (!isSharedFirstPage(request.query)) return pageOf({ householdId: household.id }, request.query);
      const { id, finesVersion } = household;
      const json = await listCache.firstPage(id, finesVersion, async () =>
        Buffer.from(serializePage(await pageOf({ householdId: id }, request.query))),
      );
      // Compressed for the browser that accepts it by @fastify/compress, like every other answer.
      return sendSerialized(reply, json);
    },
  });

  app.route({
    ...routeOptions(finesApi.createFine),
    handler: async (request, reply) => {
      const user = request.session.user;
      const { household_id, created_by, ...fields } = request.body;
      requireHousehold(request.session, NO_HOUSEHOLD_FINE_MESSAGE);
      // SPEC's client sends its own id as created_by; nobody issues a fine in someone else's name.
      if (created_by !== undefined && created_by !== user.id) throw forbidden();
      const household = await requireMember(app.db, request.session, household_id);
      const context = { user, household, now: app.now(), publicUrl: app.config.publicUrl };
      const fine = await issueFine(app.db, context, fields);
      return reply.status(201).send({ data: presentFine(fine, app.config.publicUrl) });
    },
  });

  app.route({
    ...routeOptions(finesApi.updateFine),
    handler: async (request) => {
      const user = request.session.user;
      const fine = await findFine(app.db, request.params.id);
      if (!fine) throw notFound(FINE_NOT_FOUND_MESSAGE);
      const household = await requireMember(app.db, request.session, fine.householdId);
      const context = { user, household, now: app.now(), publicUrl: app.config.publicUrl };
      const edited = await editFine(app.db, context, fine, request.body);
      return { data: presentFine(edited, app.config.publicUrl) };
    },
  });
};

/** Recent Activity's first page (SPEC §9's 10, newest first, unfiltered): what every member's dashboard asks for. */
const isSharedFirstPage = ({ limit, cursor, status, created_by, reviewer }: FinesPageRequest) =>
  limit === FINE_PAGE_DEFAULT &&
  cursor === undefined &&
  status === undefined &&
  created_by === undefined &&
  reviewer === undefined;

export default fineRoutes;
