import { z } from "zod";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  envelope,
  idParams,
  listUsersQuery,
  successSchema,
  updateUserBody,
  userSchema,
} from "@housemate/contract";
import { requireMember } from "../../lib/access.js";
import { presentUser } from "./presenter.js";
import { listMembers } from "./queries.js";
import { deleteAccount, requireSelf, requireVisibleUser, updateProfile } from "./service.js";

const security = [{ bearer: [] }];

/** SPEC §7 Users: housemates are visible to each other; each person changes only their own account. */
const userRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/users",
    {
      schema: { security, querystring: listUsersQuery, response: { 200: envelope(z.array(userSchema)) } },
    },
    async (request) => {
      const household = await requireMember(app.db, request.session, request.query.householdId);
      const members = await listMembers(app.db, household.id);
      return { data: members.map(presentUser) };
    },
  );

  app.get(
    "/users/:id",
    {
      schema: { security, params: idParams, response: { 200: envelope(userSchema) } },
    },
    async (request) => {
      const user = await requireVisibleUser(app.db, request.session.user, request.params.id);
      return { data: presentUser(user) };
    },
  );

  app.put(
    "/users/:id",
    {
      schema: { security, params: idParams, body: updateUserBody, response: { 200: envelope(userSchema) } },
    },
    async (request) => {
      const user = await requireSelf(app.db, request.session.user, request.params.id);
      const updated = await updateProfile(app.db, {
        user,
        changes: request.body,
        publicUrl: app.config.publicUrl,
        now: app.now(),
      });
      return { data: presentUser(updated) };
    },
  );

  app.delete(
    "/users/:id",
    {
      schema: { security, params: idParams, response: { 200: envelope(successSchema) } },
    },
    async (request) => {
      const user = await requireSelf(app.db, request.session.user, request.params.id);
      await deleteAccount(app.db, { user, now: app.now() });
      return { data: { success: true as const } };
    },
  );
};

export default userRoutes;
