import { z } from "zod";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  createFineBody,
  type CreateFineBody,
  envelope,
  fineListSchema,
  fineSchema,
  householdFinesQuery,
  idParams,
  idSchema,
  NO_HOUSEHOLD_FINE_MESSAGE,
  updateFineBody,
} from "@housemate/contract";
import { requireHousehold, requireMember } from "../../lib/access.js";
import { forbidden, notFound } from "../../lib/errors.js";
import { compress, COMPRESS_THRESHOLD, preferredEncoding } from "../../lib/compression.js";
import { compileSerializer, sendSerialized } from "../../lib/response-serializer.js";
import { sha256 } from "../../lib/tokens.js";
import { bearerToken, currentUser } from "../../plugins/auth.js";
import { addVary } from "../../plugins/security.js";
import { FINE_NOT_FOUND_MESSAGE } from "./lifecycle.js";
import { FinesListCache } from "./list-cache.js";
import { presentFine } from "./presenter.js";
import { findFine, findUser, listHouseholdFines, listOffenderFines } from "./queries.js";
import { editFine, issueFine, issueFineBySession } from "./service.js";

const security = [{ bearer: [] }];
const tags = ["fines"];
const NO_HOUSEHOLD_LIST_MESSAGE = "You must be part of a household to see its fines";
/** Room for the whole fines list of about 250 busy households (130 kB each); each instance keeps its own. */
const LIST_CACHE_BYTES = 32 * 1024 * 1024;
/** Households whose currency is remembered for issuing fines; past this the memory starts again. */
const KNOWN_CURRENCIES = 10_000;

declare module "fastify" {
  interface FastifyContextConfig {
    /** The route authenticates the request itself instead of in the plugin's onRequest hook. */
    authenticatesItself?: boolean;
  }
}

/** SPEC §7 Fines: lists, issuing and the issuer's edit. Pay, dispute and review are in lifecycle-routes.ts. */
const fineRoutes: FastifyPluginAsyncZod = async (app) => {
  // Issuing a fine authenticates in its own statement first (below): one round trip instead of two.
  app.addHook("onRequest", async (request) => {
    if (!request.routeOptions.config.authenticatesItself) await app.authenticate(request);
  });
  const present = (rows: Parameters<typeof presentFine>[0][]) => rows.map((row) => presentFine(row, app.config.publicUrl));
  const listCache = new FinesListCache(LIST_CACHE_BYTES);
  const serializeList = compileSerializer(envelope(fineListSchema));

  app.get("/fines", { schema: { tags, security, response: { 200: envelope(fineListSchema) } } }, async (request) => {
    const householdId = requireHousehold(currentUser(request), NO_HOUSEHOLD_LIST_MESSAGE);
    return { data: present(await listHouseholdFines(app.db, householdId)) };
  });

  app.get(
    "/fines/user/:offenderId",
    {
      schema: { tags, security, params: z.object({ offenderId: idSchema }), response: { 200: envelope(fineListSchema) } },
    },
    async (request) => {
      const user = currentUser(request);
      const householdId = requireHousehold(user, NO_HOUSEHOLD_LIST_MESSAGE);
      const offender = await findUser(app.db, request.params.offenderId);
      if (!offender) throw notFound("User not found");
      if (offender.householdId !== householdId) throw forbidden();
      return { data: present(await listOffenderFines(app.db, householdId, offender.id)) };
    },
  );

  app.get(
    "/fines/household/:householdId",
    {
      schema: {
        tags,
        security,
        params: z.object({ householdId: idSchema }),
        querystring: householdFinesQuery,
        response: { 200: envelope(fineListSchema) },
      },
    },
    async (request, reply) => {
      const household = await requireMember(app.db, currentUser(request), request.params.householdId);
      const { limit, offset } = request.query;
      if (limit !== undefined || offset !== undefined) {
        return { data: present(await listHouseholdFines(app.db, household.id, { limit, offset })) };
      }
      // The whole list, as the web app asks for it: the same bytes for every member until a fine changes.
      const { id, finesVersion } = household;
      const json = await listCache.variant(id, finesVersion, "json", async () =>
        Buffer.from(serializeList({ data: present(await listHouseholdFines(app.db, id)) })),
      );
      const encoding = json.length >= COMPRESS_THRESHOLD ? preferredEncoding(request.headers["accept-encoding"]) : null;
      if (!encoding) return sendSerialized(reply, json);
      const encoded = await listCache.variant(id, finesVersion, encoding, () => compress(json, encoding));
      // Already encoded: @fastify/compress leaves an answer with a Content-Encoding alone.
      void reply.header("content-encoding", encoding);
      addVary(reply, "Accept-Encoding");
      return sendSerialized(reply, encoded);
    },
  );

  /** Each household's currency, as last seen: what the one-round-trip issue writes its texts in. */
  const currencies = new Map<string, string>();

  app.post(
    "/fines",
    {
      schema: { tags, security, body: createFineBody, response: { 201: envelope(fineSchema) } },
      config: { authenticatesItself: true },
    },
    async (request, reply) => {
      const issued =
        (await issueInOneStatement(request.body, bearerToken(request))) ?? (await issueChecked(request, request.body));
      app.notifier.deliver(issued.delivery);
      return reply.status(201).send({ data: presentFine(issued.fine, app.config.publicUrl) });
    },
  );

  /**
   * The usual case in one round trip: the statement checks the session and everything the ordinary path checks. Null
   * when it wrote nothing (or cannot be tried yet), and the ordinary path then issues the fine or says what is wrong.
   */
  async function issueInOneStatement(body: CreateFineBody, token: string | null) {
    const currency = currencies.get(body.household_id);
    if (!token || !currency) return null;
    const context = { tokenHash: sha256(token), currency, now: app.now(), publicUrl: app.config.publicUrl };
    return issueFineBySession(app.db, context, body);
  }

  async function issueChecked(request: FastifyRequest, { household_id, created_by, ...body }: CreateFineBody) {
    await app.authenticate(request);
    const user = currentUser(request);
    requireHousehold(user, NO_HOUSEHOLD_FINE_MESSAGE);
    // SPEC's client sends its own id as created_by; nobody issues a fine in someone else's name.
    if (created_by !== undefined && created_by !== user.id) throw forbidden();
    const household = await requireMember(app.db, user, household_id);
    if (currencies.size >= KNOWN_CURRENCIES) currencies.clear();
    currencies.set(household.id, household.currency);
    return issueFine(app.db, { user, household, now: app.now(), publicUrl: app.config.publicUrl }, body);
  }

  app.patch(
    "/fines/:id",
    { schema: { tags, security, params: idParams, body: updateFineBody, response: { 200: envelope(fineSchema) } } },
    async (request) => {
      const user = currentUser(request);
      const fine = await findFine(app.db, request.params.id);
      if (!fine) throw notFound(FINE_NOT_FOUND_MESSAGE);
      const household = await requireMember(app.db, user, fine.householdId);
      const context = { user, household, now: app.now(), publicUrl: app.config.publicUrl };
      const { fine: edited, delivery } = await editFine(app.db, context, fine, request.body);
      app.notifier.deliver(delivery);
      return { data: presentFine(edited, app.config.publicUrl) };
    },
  );
};

export default fineRoutes;
