/**
 * SPEC §7 Sticky notes: the caller's household board (SPEC §6).
 * Imported as the `notesApi` namespace (index.ts), so a bundle keeps only the endpoints it uses.
 */
import { envelope, idParams, successSchema } from "./common.js";
import { defineEndpoint } from "./endpoint.js";
import { createNoteBody, reorderNotesBody, stickyNoteListSchema, stickyNoteSchema, updateNoteBody } from "./notes.js";

export const listStickyNotes = defineEndpoint({
  method: "GET",
  path: "/sticky-notes",
  response: envelope(stickyNoteListSchema),
  auth: "session",
  errors: ["FORBIDDEN"],
});

export const createStickyNote = defineEndpoint({
  method: "POST",
  path: "/sticky-notes",
  body: createNoteBody,
  status: 201,
  response: envelope(stickyNoteSchema),
  auth: "session",
  errors: ["FORBIDDEN", "CONFLICT"],
});

export const reorderStickyNotes = defineEndpoint({
  method: "POST",
  path: "/sticky-notes/reorder",
  body: reorderNotesBody,
  response: envelope(stickyNoteListSchema),
  auth: "session",
  errors: ["FORBIDDEN", "CONFLICT"],
});

export const updateStickyNote = defineEndpoint({
  method: "PATCH",
  path: "/sticky-notes/:id",
  params: idParams,
  body: updateNoteBody,
  response: envelope(stickyNoteSchema),
  auth: "session",
  errors: ["FORBIDDEN", "NOT_FOUND"],
});

export const deleteStickyNote = defineEndpoint({
  method: "DELETE",
  path: "/sticky-notes/:id",
  params: idParams,
  response: envelope(successSchema),
  auth: "session",
  errors: ["FORBIDDEN", "NOT_FOUND"],
});
