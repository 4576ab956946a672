import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { asc, eq } from "drizzle-orm";
import type { InjectOptions } from "fastify";
import {
  FORMER_MEMBER_NAME,
  NOTE_COLORS,
  NOTE_NOT_FOUND_MESSAGE,
  NOTES_LIMIT_MESSAGE,
  NOTES_NEED_HOUSEHOLD_MESSAGE,
  NOTES_PER_HOUSEHOLD_MAX,
  REORDER_NOTES_MESSAGE,
  STATUS_MESSAGES,
} from "@housemate/contract";
import { stickyNotes } from "../src/db/schema.js";
import { createTestContext, type TestContext } from "./helpers/app.js";
import { buildHouseholdWithMembers, buildMember, buildNote, unknownId } from "./helpers/factories.js";

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

/** Ana and Ben share a flat; Olu is a member of another household; Nia has no household yet. */
async function cast() {
  const { household, owner: ana, members } = await buildHouseholdWithMembers(t.db, 1);
  const ben = members[0];
  if (!ben) throw new Error("member missing");
  const other = await buildHouseholdWithMembers(t.db, 0);
  const nia = await buildMember(t.db);
  return { household, ana, ben, olu: other.owner, otherHousehold: other.household, nia };
}

const call = (token: string | undefined, method: InjectOptions["method"], url: string, payload?: object) =>
  t.request({ method, url, token, ...(payload ? { payload } : {}) });

const board = async (token: string) => {
  const res = await call(token, "GET", "/api/sticky-notes");
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { id: string; content: string; position: number }[];
};

const storedOrder = async (householdId: string) =>
  (
    await t.db
      .select({ id: stickyNotes.id })
      .from(stickyNotes)
      .where(eq(stickyNotes.householdId, householdId))
      .orderBy(asc(stickyNotes.position))
  ).map((note) => note.id);

describe("the household board", () => {
  it("lists the household's notes in board order, each with its author's name", async () => {
    const { household, ana, ben } = await cast();
    const second = await buildNote(t.db, household.id, ben.user.id, { content: "Bins on Tuesday", position: 1 });
    const first = await buildNote(t.db, household.id, ana.user.id, {
      content: "Plumber at 9",
      position: 0,
      color: "pink",
    });

    const res = await call(ben.token, "GET", "/api/sticky-notes");
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual([
      {
        id: first.id,
        household_id: household.id,
        content: "Plumber at 9",
        color: "pink",
        position: 0,
        created_by: ana.user.id,
        created_by_name: ana.user.displayName,
        created_at: first.createdAt.toISOString(),
        updated_at: first.updatedAt.toISOString(),
      },
      expect.objectContaining({ id: second.id, content: "Bins on Tuesday", created_by_name: ben.user.displayName }),
    ]);
  });

  it("is empty for a new household and never shows another household's notes", async () => {
    const { ana, olu, otherHousehold } = await cast();
    await buildNote(t.db, otherHousehold.id, olu.user.id);
    expect(await board(ana.token)).toEqual([]);
  });

  it("names a deleted account's notes 'Former member' and keeps them", async () => {
    const { household, ana, ben } = await cast();
    const note = await buildNote(t.db, household.id, ben.user.id, { content: "Milk is mine" });
    expect((await call(ben.token, "DELETE", `/api/users/${ben.user.id}`)).statusCode).toBe(200);

    const [shown] = await board(ana.token);
    expect(shown).toMatchObject({ id: note.id, content: "Milk is mine", created_by_name: FORMER_MEMBER_NAME });
  });
});

describe("adding a note", () => {
  it("adds a trimmed yellow note at the end of the board, by the caller, at the server's time", async () => {
    const { household, ana, ben } = await cast();
    await buildNote(t.db, household.id, ana.user.id, { position: 0 });
    await buildNote(t.db, household.id, ana.user.id, { position: 4 });

    const res = await call(ben.token, "POST", "/api/sticky-notes", { content: "  Party on Friday  " });
    expect(res.statusCode).toBe(201);
    const note = res.json().data;
    expect(note).toMatchObject({
      household_id: household.id,
      content: "Party on Friday",
      color: "yellow",
      position: 5,
      created_by: ben.user.id,
      created_by_name: ben.user.displayName,
      created_at: t.clock.now.toISOString(),
    });
    expect((await board(ana.token)).at(-1)?.id).toBe(note.id);
  });

  it.each(NOTE_COLORS)("takes the colour %s", async (color) => {
    const { ana } = await cast();
    const res = await call(ana.token, "POST", "/api/sticky-notes", { content: "Hello", color });
    expect(res.statusCode).toBe(201);
    expect(res.json().data.color).toBe(color);
  });

  it("accepts exactly 1000 characters", async () => {
    const { ana } = await cast();
    const res = await call(ana.token, "POST", "/api/sticky-notes", { content: "x".repeat(1000) });
    expect(res.statusCode).toBe(201);
  });

  it.each([
    ["no content", {}],
    ["empty content", { content: "" }],
    ["content that is only spaces", { content: "   \n " }],
    ["content over 1000 characters", { content: "x".repeat(1001) }],
    ["a colour outside SPEC's five", { content: "Hi", color: "orange" }],
  ])("refuses %s", async (_label, payload) => {
    const { ana } = await cast();
    const res = await call(ana.token, "POST", "/api/sticky-notes", payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe("VALIDATION_ERROR");
    expect(await board(ana.token)).toEqual([]);
  });

  it("gives notes added at the same moment distinct places at the end", async () => {
    const { ana, ben } = await cast();
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        call(i % 2 ? ana.token : ben.token, "POST", "/api/sticky-notes", { content: `n${i}` }),
      ),
    );
    expect(answers.map((res) => res.statusCode)).toEqual(Array(6).fill(201));
    const positions = (await board(ana.token)).map((note) => note.position);
    expect(positions).toEqual([0, 1, 2, 3, 4, 5]);
  });
});

describe("the cap on notes per household", () => {
  /** `count` notes written straight to the database, as if added earlier. */
  const keepNotes = (householdId: string, createdBy: string, count: number) =>
    t.db
      .insert(stickyNotes)
      .values(
        Array.from({ length: count }, (_, position) => ({ householdId, createdBy, content: `n${position}`, position })),
      )
      .returning({ id: stickyNotes.id });

  it(`lets two members racing at ${NOTES_PER_HOUSEHOLD_MAX - 1} notes add exactly one more, and tells the other why not`, async () => {
    const { household, ana, ben } = await cast();
    await keepNotes(household.id, ana.user.id, NOTES_PER_HOUSEHOLD_MAX - 1);

    const answers = await Promise.all([
      call(ana.token, "POST", "/api/sticky-notes", { content: "Ana's" }),
      call(ben.token, "POST", "/api/sticky-notes", { content: "Ben's" }),
    ]);
    expect(answers.map((res) => res.statusCode).sort()).toEqual([201, 409]);
    const refused = answers.find((res) => res.statusCode === 409);
    expect(refused?.json().error).toMatchObject({ code: "CONFLICT", message: NOTES_LIMIT_MESSAGE });
    expect(await storedOrder(household.id)).toHaveLength(NOTES_PER_HOUSEHOLD_MAX);
  });

  it("can still reorder a full board, and makes room when a note is deleted", async () => {
    const { household, ana } = await cast();
    const notes = await keepNotes(household.id, ana.user.id, NOTES_PER_HOUSEHOLD_MAX);
    const reversed = notes.map((note) => note.id).reverse();

    const reorder = await call(ana.token, "POST", "/api/sticky-notes/reorder", { noteIds: reversed });
    expect(reorder.statusCode, reorder.body).toBe(200);
    expect(await storedOrder(household.id)).toEqual(reversed);

    expect((await call(ana.token, "DELETE", `/api/sticky-notes/${reversed[0]}`)).statusCode).toBe(200);
    expect((await call(ana.token, "POST", "/api/sticky-notes", { content: "Room again" })).statusCode).toBe(201);
  });
});

describe("editing and deleting a note", () => {
  it("lets any member change the content and colour of anyone's note", async () => {
    const { household, ana, ben } = await cast();
    const note = await buildNote(t.db, household.id, ana.user.id, { content: "Old" });
    t.clock.advance(60_000);

    const content = await call(ben.token, "PATCH", `/api/sticky-notes/${note.id}`, { content: " New text " });
    expect(content.statusCode).toBe(200);
    expect(content.json().data).toMatchObject({
      id: note.id,
      content: "New text",
      color: "yellow",
      created_by_name: ana.user.displayName,
      updated_at: t.clock.now.toISOString(),
    });

    const color = await call(ben.token, "PATCH", `/api/sticky-notes/${note.id}`, { color: "green" });
    expect(color.json().data).toMatchObject({ content: "New text", color: "green" });
  });

  it.each([
    ["an empty change", {}],
    ["blank content", { content: "  " }],
    ["content over 1000 characters", { content: "x".repeat(1001) }],
    ["an unknown colour", { color: "red" }],
  ])("refuses %s", async (_label, payload) => {
    const { household, ana } = await cast();
    const note = await buildNote(t.db, household.id, ana.user.id, { content: "Keep me" });
    const res = await call(ana.token, "PATCH", `/api/sticky-notes/${note.id}`, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe("VALIDATION_ERROR");
    expect((await board(ana.token))[0]?.content).toBe("Keep me");
  });

  it("deletes a note for everyone; deleting it again is 404", async () => {
    const { household, ana, ben } = await cast();
    const note = await buildNote(t.db, household.id, ana.user.id);
    const kept = await buildNote(t.db, household.id, ana.user.id);

    const res = await call(ben.token, "DELETE", `/api/sticky-notes/${note.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { success: true } });
    expect((await board(ana.token)).map((each) => each.id)).toEqual([kept.id]);

    const again = await call(ben.token, "DELETE", `/api/sticky-notes/${note.id}`);
    expect(again.statusCode).toBe(404);
    expect(again.json().error).toMatchObject({ code: "NOT_FOUND", message: NOTE_NOT_FOUND_MESSAGE });
  });
});

describe("reordering the board", () => {
  async function boardOfThree() {
    const people = await cast();
    const notes = [];
    for (const content of ["one", "two", "three"])
      notes.push(await buildNote(t.db, people.household.id, people.ana.user.id, { content }));
    return { ...people, ids: notes.map((note) => note.id) };
  }

  it("puts the notes in the order given, in one go, and answers with the new board", async () => {
    const { ana, ben, ids, household } = await boardOfThree();
    const [one, two, three] = ids;
    const res = await call(ben.token, "POST", "/api/sticky-notes/reorder", { noteIds: [three, one, two] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.map((note: { id: string; position: number }) => [note.id, note.position])).toEqual([
      [three, 0],
      [one, 1],
      [two, 2],
    ]);
    expect((await board(ana.token)).map((note) => note.content)).toEqual(["three", "one", "two"]);
    expect(await storedOrder(household.id)).toEqual([three, one, two]);

    // A note added afterwards still goes to the end.
    const added = await call(ana.token, "POST", "/api/sticky-notes", { content: "four" });
    expect((await board(ana.token)).map((note) => note.id)).toEqual([three, one, two, added.json().data.id]);
  });

  it("accepts an empty order for an empty board", async () => {
    const { ana } = await cast();
    const res = await call(ana.token, "POST", "/api/sticky-notes/reorder", { noteIds: [] });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual([]);
  });

  it.each([
    ["leaves a note out", ({ ids }: Ids) => [ids[2], ids[0]], "is missing"],
    ["adds an unknown note", ({ ids }: Ids) => [...ids, unknownId()], "is not a note of your household"],
    ["lists a note twice", ({ ids }: Ids) => [ids[0], ids[1], ids[2], ids[0]], "is listed more than once"],
    ["swaps in a duplicate for a missing note", ({ ids }: Ids) => [ids[0], ids[1], ids[1]], "is listed more than once"],
    ["adds another household's note", ({ ids, theirs }: Ids) => [...ids, theirs], "is not a note of your household"],
  ])("refuses an order that %s, and changes nothing", async (_label, order, detail) => {
    const { ana, ids, household, olu, otherHousehold } = await boardOfThree();
    const theirs = (await buildNote(t.db, otherHousehold.id, olu.user.id)).id;
    const res = await call(ana.token, "POST", "/api/sticky-notes/reorder", { noteIds: order({ ids, theirs }) });
    expect(res.statusCode).toBe(400);
    const { error } = res.json();
    expect(error).toMatchObject({ code: "VALIDATION_ERROR", message: REORDER_NOTES_MESSAGE });
    expect(error.details.map((issue: { message: string }) => issue.message).join(" ")).toContain(detail);
    expect(await storedOrder(household.id)).toEqual(ids);
    expect(await storedOrder(otherHousehold.id)).toEqual([theirs]);
  });

  it("refuses ids that are not UUIDs", async () => {
    const { ana } = await cast();
    const res = await call(ana.token, "POST", "/api/sticky-notes/reorder", { noteIds: ["first"] });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe("VALIDATION_ERROR");
  });
});

type Ids = { ids: string[]; theirs: string };

// Authorization (SPEC §6, DESIGN §3): members only. A note of another household is 403 with SPEC's
// wording — the same answer requireMember gives for every other household resource — and an
// unknown id is 404. Someone with no household gets 403 with a message saying why.
type Actor = "signed out" | "member" | "no household" | "other household's member";
const ACTORS: Actor[] = ["signed out", "member", "no household", "other household's member"];

interface Row {
  method: InjectOptions["method"];
  path: string;
  url: (noteId: string) => string;
  payload?: (noteIds: string[]) => object;
  expect: Record<Actor, number>;
}

const MATRIX: Row[] = [
  {
    method: "GET",
    path: "/sticky-notes",
    url: () => "/api/sticky-notes",
    expect: { "signed out": 401, member: 200, "no household": 403, "other household's member": 200 },
  },
  {
    method: "POST",
    path: "/sticky-notes",
    url: () => "/api/sticky-notes",
    payload: () => ({ content: "Matrix" }),
    expect: { "signed out": 401, member: 201, "no household": 403, "other household's member": 201 },
  },
  {
    method: "PATCH",
    path: "/sticky-notes/{id}",
    url: (id) => `/api/sticky-notes/${id}`,
    payload: () => ({ content: "Matrix" }),
    expect: { "signed out": 401, member: 200, "no household": 403, "other household's member": 403 },
  },
  {
    method: "DELETE",
    path: "/sticky-notes/{id}",
    url: (id) => `/api/sticky-notes/${id}`,
    expect: { "signed out": 401, member: 200, "no household": 403, "other household's member": 403 },
  },
  {
    method: "POST",
    path: "/sticky-notes/reorder",
    url: () => "/api/sticky-notes/reorder",
    payload: (ids) => ({ noteIds: ids }),
    // The outsider's own board has no such notes: refused as a wrong order, and nothing moves.
    expect: { "signed out": 401, member: 200, "no household": 403, "other household's member": 400 },
  },
];

describe("authorization matrix", () => {
  const cases = MATRIX.flatMap((row) =>
    ACTORS.map((actor) => ({ row, actor, status: row.expect[actor], name: `${row.method} ${row.path}` })),
  );

  it.each(cases)("$name as $actor → $status", async ({ row, actor, status }) => {
    const { household, ana, ben, olu, nia } = await cast();
    const note = await buildNote(t.db, household.id, ana.user.id, { content: "Ours" });
    const token = {
      "signed out": undefined,
      member: ben.token,
      "no household": nia.token,
      "other household's member": olu.token,
    }[actor];

    const res = await call(token, row.method, row.url(note.id), row.payload?.([note.id]));
    expect(res.statusCode, res.body).toBe(status);
    if (status >= 400) expect(res.json().error.code).toBeTypeOf("string");
    else expect(res.json()).toHaveProperty("data");
    if (actor === "no household") expect(res.json().error.message).toBe(NOTES_NEED_HOUSEHOLD_MESSAGE);
    if (actor === "other household's member" && status === 403)
      expect(res.json().error.message).toBe(STATUS_MESSAGES[403]);
    if (actor !== "member") {
      const [ours] = await board(ana.token);
      expect(ours).toMatchObject({ id: note.id, content: "Ours" });
    }
  });

  it("answers 404 for an unknown note id", async () => {
    const { ben } = await cast();
    for (const method of ["PATCH", "DELETE"] as const) {
      const res = await call(
        ben.token,
        method,
        `/api/sticky-notes/${unknownId()}`,
        method === "PATCH" ? { content: "x" } : undefined,
      );
      expect(res.statusCode).toBe(404);
    }
  });

  it("has a row for every sticky-notes route", async () => {
    const doc = (await t.request({ method: "GET", url: "/api/openapi.json" })).json<{
      paths: Record<string, Record<string, unknown>>;
    }>();
    const documented = Object.entries(doc.paths)
      .filter(([path]) => path.startsWith("/sticky-notes") || path.startsWith("/api/sticky-notes"))
      .flatMap(([path, methods]) =>
        Object.keys(methods).map((method) => `${method.toUpperCase()} ${path.replace(/^\/api/, "")}`),
      );
    expect(documented.sort()).toEqual(MATRIX.map((row) => `${row.method} ${row.path}`).sort());
  });
});
