import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { FastifyRequest } from "fastify";
import { NOTE_NOT_FOUND_MESSAGE, NOTES_NEED_HOUSEHOLD_MESSAGE, notesApi } from "@housemate/contract";
import { requireHousehold } from "../../lib/access.js";
import { forbidden, notFound } from "../../lib/errors.js";
import { routeOptions } from "../../lib/route.js";
import { presentNote } from "./presenter.js";
import { findNote, listNotes } from "./queries.js";
import { createNote, deleteNote, reorderNotes, updateNote } from "./service.js";

/**
 * SPEC §7 Sticky notes: the caller's household board. Any member may read, add, edit, delete and
 * reorder (SPEC §6); a caller with no household gets 403.
 */
const stickyNoteRoutes: FastifyPluginAsyncZod = async (app) => {
  const householdOf = (request: FastifyRequest) => requireHousehold(request.session, NOTES_NEED_HOUSEHOLD_MESSAGE);

  /** A note of the caller's household: unknown → 404, another household's → 403 (DESIGN §3). */
  async function noteOfHousehold(request: FastifyRequest, noteId: string) {
    const householdId = householdOf(request);
    const found = await findNote(app.db, noteId);
    if (!found) throw notFound(NOTE_NOT_FOUND_MESSAGE);
    if (found.note.householdId !== householdId) throw forbidden();
    return householdId;
  }

  app.route({
    ...routeOptions(notesApi.listStickyNotes),
    handler: async (request) => {
      const rows = await listNotes(app.db, householdOf(request));
      return { data: rows.map(presentNote) };
    },
  });

  app.route({
    ...routeOptions(notesApi.createStickyNote),
    handler: async (request, reply) => {
      const householdId = householdOf(request);
      const note = await createNote(app.db, {
        author: request.session.user,
        householdId,
        ...request.body,
        now: app.now(),
      });
      return reply.status(201).send({ data: presentNote(note) });
    },
  });

  app.route({
    ...routeOptions(notesApi.reorderStickyNotes),
    handler: async (request) => {
      const rows = await reorderNotes(app.db, {
        author: request.session.user,
        householdId: householdOf(request),
        noteIds: request.body.noteIds,
        now: app.now(),
      });
      return { data: rows.map(presentNote) };
    },
  });

  app.route({
    ...routeOptions(notesApi.updateStickyNote),
    handler: async (request) => {
      const householdId = await noteOfHousehold(request, request.params.id);
      const note = await updateNote(app.db, {
        author: request.session.user,
        noteId: request.params.id,
        householdId,
        changes: request.body,
        now: app.now(),
      });
      return { data: presentNote(note) };
    },
  });

  app.route({
    ...routeOptions(notesApi.deleteStickyNote),
    handler: async (request) => {
      const householdId = await noteOfHousehold(request, request.params.id);
      await deleteNote(app.db, {
        author: request.session.user,
        noteId: request.params.id,
        householdId,
        now: app.now(),
      });
      return { data: { success: true as const } };
    },
  });
};

export default stickyNoteRoutes;
