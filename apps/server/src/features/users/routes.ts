import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { usersApi } from "@housemate/contract";
import { requireMember } from "../../lib/access.js";
import { routeOptions } from "../../lib/route.js";
import { presentUser } from "./presenter.js";
import { listMembers } from "./queries.js";
import { removeStoredFiles } from "../storage/service.js";
import { deleteAccount, requireSelf, requireVisibleUser, updateProfile } from "./service.js";

/** SPEC §7 Users: housemates are visible to each other; each person changes only their own account. */
const userRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...routeOptions(usersApi.listUsers),
    handler: async (request) => {
      const household = await requireMember(app.db, request.session, request.query.householdId);
      const members = await listMembers(app.db, household.id);
      return { data: members.map(presentUser) };
    },
  });

  app.route({
    ...routeOptions(usersApi.getUser),
    handler: async (request) => {
      const user = await requireVisibleUser(app.db, request.session.user, request.params.id);
      return { data: presentUser(user) };
    },
  });

  app.route({
    ...routeOptions(usersApi.updateUser),
    handler: async (request) => {
      const user = await requireSelf(app.db, request.session.user, request.params.id);
      const updated = await updateProfile(app.db, {
        user,
        changes: request.body,
        publicUrl: app.config.publicUrl,
        now: app.now(),
      });
      return { data: presentUser(updated) };
    },
  });

  app.route({
    ...routeOptions(usersApi.deleteUser),
    handler: async (request) => {
      const user = await requireSelf(app.db, request.session.user, request.params.id);
      const { filesToRemove } = await deleteAccount(app.db, { user, now: app.now(), publicUrl: app.config.publicUrl });
      await removeStoredFiles(app.files, filesToRemove, request.log);
      return { data: { success: true as const } };
    },
  });
};

export default userRoutes;
