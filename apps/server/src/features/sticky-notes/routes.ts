import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { FastifyRequest } from "fastify";
import {
  createNoteBody,
  envelope,
  idParams,
  NOTE_NOT_FOUND_MESSAGE,
  NOTES_NEED_HOUSEHOLD_MESSAGE,
  reorderNotesBody,
  stickyNoteListSchema,
  stickyNoteSchema,
  successSchema,
  updateNoteBody,
} from "@housemate/contract";
import { requireHousehold } from "../../lib/access.js";
import { forbidden, notFound } from "../../lib/errors.js";
import { presentNote } from "./presenter.js";
import { findNote, listNotes } from "./queries.js";
import { createNote, deleteNote, reorderNotes, updateNote } from "./service.js";

const security = [{ bearer: [] }];
const tags = ["sticky-notes"];

/**
 * SPEC §7 Sticky notes: the caller's household board. Any member may read, add, edit, delete and
 * reorder (SPEC §6); a caller with no household gets 403.
 */
const stickyNoteRoutes: FastifyPluginAsyncZod = async (app) => {
  function householdOf(request: FastifyRequest) {
    return { user: request.session.user, householdId: requireHousehold(request.session, NOTES_NEED_HOUSEHOLD_MESSAGE) };
  }

  /** A note of the caller's household: unknown → 404, another household's → 403 (DESIGN §3). */
  async function noteOfHousehold(request: FastifyRequest, noteId: string) {
    const { householdId } = householdOf(request);
    const found = await findNote(app.db, noteId);
    if (!found) throw notFound(NOTE_NOT_FOUND_MESSAGE);
    if (found.note.householdId !== householdId) throw forbidden();
    return { householdId };
  }

  app.get(
    "/sticky-notes",
    { schema: { tags, security, response: { 200: envelope(stickyNoteListSchema) } } },
    async (request) => {
      const { householdId } = householdOf(request);
      const rows = await listNotes(app.db, householdId);
      return { data: rows.map(presentNote) };
    },
  );

  app.post(
    "/sticky-notes",
    { schema: { tags, security, body: createNoteBody, response: { 201: envelope(stickyNoteSchema) } } },
    async (request, reply) => {
      const { user, householdId } = householdOf(request);
      const note = await createNote(app.db, { author: user, householdId, ...request.body, now: app.now() });
      return reply.status(201).send({ data: presentNote(note) });
    },
  );

  app.post(
    "/sticky-notes/reorder",
    { schema: { tags, security, body: reorderNotesBody, response: { 200: envelope(stickyNoteListSchema) } } },
    async (request) => {
      const { householdId } = householdOf(request);
      const rows = await reorderNotes(app.db, { householdId, noteIds: request.body.noteIds });
      return { data: rows.map(presentNote) };
    },
  );

  app.patch(
    "/sticky-notes/:id",
    {
      schema: { tags, security, params: idParams, body: updateNoteBody, response: { 200: envelope(stickyNoteSchema) } },
    },
    async (request) => {
      const { householdId } = await noteOfHousehold(request, request.params.id);
      const note = await updateNote(app.db, {
        noteId: request.params.id,
        householdId,
        changes: request.body,
        now: app.now(),
      });
      return { data: presentNote(note) };
    },
  );

  app.delete(
    "/sticky-notes/:id",
    { schema: { tags, security, params: idParams, response: { 200: envelope(successSchema) } } },
    async (request) => {
      const { householdId } = await noteOfHousehold(request, request.params.id);
      await deleteNote(app.db, { noteId: request.params.id, householdId });
      return { data: { success: true as const } };
    },
  );
};

export default stickyNoteRoutes;
