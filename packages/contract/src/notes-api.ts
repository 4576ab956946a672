import { envelope, idParams, successSchema } from "./common.js";
import { defineEndpoint } from "./endpoint.js";
import { createNoteBody, reorderNotesBody, stickyNoteListSchema, stickyNoteSchema, updateNoteBody } from "./notes.js";

/** SPEC §7 Sticky notes: the caller's household board (SPEC §6). */
export const notesApi = {
  listStickyNotes: defineEndpoint({
    method: "GET",
    path: "/sticky-notes",
    response: envelope(stickyNoteListSchema),
    auth: "session",
    errors: ["FORBIDDEN"],
  }),
  createStickyNote: defineEndpoint({
    method: "POST",
    path: "/sticky-notes",
    body: createNoteBody,
    status: 201,
    response: envelope(stickyNoteSchema),
    auth: "session",
    errors: ["FORBIDDEN", "CONFLICT"],
  }),
  reorderStickyNotes: defineEndpoint({
    method: "POST",
    path: "/sticky-notes/reorder",
    body: reorderNotesBody,
    response: envelope(stickyNoteListSchema),
    auth: "session",
    errors: ["FORBIDDEN", "CONFLICT"],
  }),
  updateStickyNote: defineEndpoint({
    method: "PATCH",
    path: "/sticky-notes/:id",
    params: idParams,
    body: updateNoteBody,
    response: envelope(stickyNoteSchema),
    auth: "session",
    errors: ["FORBIDDEN", "NOT_FOUND"],
  }),
  deleteStickyNote: defineEndpoint({
    method: "DELETE",
    path: "/sticky-notes/:id",
    params: idParams,
    response: envelope(successSchema),
    auth: "session",
    errors: ["FORBIDDEN", "NOT_FOUND"],
  }),
};
