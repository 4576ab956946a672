import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, sql, TransactionRollbackError } from "drizzle-orm";
import { z } from "zod";
import {
  DISPLAY_NAME_MESSAGE,
  FORMER_MEMBER_NAME,
  PROFILE_FORBIDDEN_MESSAGE,
  WRITTEN_OFF_LEFT_REASON,
} from "@housemate/contract";
import {
  fines,
  households,
  notificationPreferences,
  notifications,
  rules,
  sessions,
  stickyNotes,
  users,
} from "../src/db/schema.js";
import { PROFILE_PICTURE_MESSAGE } from "../src/features/users/service.js";
import { createTestContext, PUBLIC_URL, type TestContext } from "./helpers/app.js";
import { tinyJpeg } from "./helpers/images.js";
import {
  buildHouseholdHistory,
  buildHouseholdWithMembers,
  buildMember,
  buildSession,
  unknownId,
} from "./helpers/factories.js";

let t: TestContext;
let dataDir: string;
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), "housemate-users-"));
  t = await createTestContext({ env: { DATA_DIR: dataDir } });
});
afterAll(async () => {
  await t.close();
  await rm(dataDir, { recursive: true, force: true });
});

/** A small real JPEG: the server reads its header (magic bytes, pixel size). */
const JPEG = tinyJpeg();

/** SPEC's avatar flow up to the profile update: reserve an upload, send the bytes; returns its publicUrl. */
async function uploadPicture(token: string, category = "profile-pictures") {
  const reserved = await t.request({
    method: "POST",
    url: "/api/storage/upload-url",
    token,
    payload: { fileName: "me.jpg", fileType: "image/jpeg", fileSize: JPEG.length, category },
  });
  expect(reserved.statusCode, reserved.body).toBe(200);
  const { filePath, publicUrl } = reserved.json().data as { filePath: string; publicUrl: string };
  const sent = await t.request({
    method: "PUT",
    url: `/api/storage/upload/${filePath}`,
    token,
    payload: JPEG,
    headers: { "content-type": "image/jpeg" },
  });
  expect(sent.statusCode, sent.body).toBe(200);
  return { filePath, publicUrl };
}

async function userRow(id: string) {
  const [row] = await t.db.select().from(users).where(eq(users.id, id));
  if (!row) throw new Error("user row missing");
  return row;
}

/** A household with `extra` housemates; `member` is the first housemate (the owner when alone). */
async function household(extra = 1) {
  const cast = await buildHouseholdWithMembers(t.db, extra);
  return { ...cast, member: cast.members[0] ?? cast.owner };
}

const update = (id: string, token: string, payload: object) =>
  t.request({ method: "PUT", url: `/api/users/${id}`, token, payload });

describe("listing a household's members", () => {
  it("lists exactly the household's current members", async () => {
    const { household: home, owner, member } = await household(1);
    await buildHouseholdWithMembers(t.db, 1); // someone else's household
    const res = await t.request({ method: "GET", url: `/api/users?householdId=${home.id}`, token: member.token });
    expect(res.statusCode).toBe(200);
    const listed = res.json().data as Array<{ id: string; household_id: string; display_name: string }>;
    expect(listed.map((u) => u.id).sort()).toEqual([owner.user.id, member.user.id].sort());
    expect(listed.every((u) => u.household_id === home.id)).toBe(true);
  });

  it("presents each member with SPEC's user fields", async () => {
    const { household: home, owner } = await household(0);
    const res = await t.request({ method: "GET", url: `/api/users?householdId=${home.id}`, token: owner.token });
    expect(res.json().data[0]).toEqual({
      id: owner.user.id,
      email: owner.user.email,
      display_name: owner.user.displayName,
      photo_url: null,
      bio: null,
      household_id: home.id,
      email_verified: true,
      is_admin: true,
      created_at: expect.any(String),
      updated_at: expect.any(String),
      away_until: null,
      away_ends_at: null,
    });
  });

  it("needs a householdId", async () => {
    const { owner } = await household(0);
    const res = await t.request({ method: "GET", url: "/api/users", token: owner.token });
    expect(res.statusCode).toBe(400);
  });
});

describe("viewing a profile", () => {
  it("shows your own profile and your housemates'", async () => {
    const { owner, member } = await household(1);
    const own = await t.request({ method: "GET", url: `/api/users/${member.user.id}`, token: member.token });
    expect(own.statusCode).toBe(200);
    const theirs = await t.request({ method: "GET", url: `/api/users/${owner.user.id}`, token: member.token });
    expect(theirs.statusCode).toBe(200);
    expect(theirs.json().data).toMatchObject({ id: owner.user.id, display_name: owner.user.displayName });
  });

  it("lets someone without a household see only themselves", async () => {
    const loner = await buildMember(t.db);
    const other = await buildMember(t.db);
    expect(
      (await t.request({ method: "GET", url: `/api/users/${loner.user.id}`, token: loner.token })).statusCode,
    ).toBe(200);
    const res = await t.request({ method: "GET", url: `/api/users/${other.user.id}`, token: loner.token });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.message).toBe(PROFILE_FORBIDDEN_MESSAGE);
  });

  it("refuses profiles from another household with SPEC's text", async () => {
    const { owner } = await household(0);
    const other = await household(0);
    const res = await t.request({ method: "GET", url: `/api/users/${owner.user.id}`, token: other.owner.token });
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toMatchObject({ code: "FORBIDDEN", message: PROFILE_FORBIDDEN_MESSAGE });
  });

  it("answers an unknown user with 404", async () => {
    const { owner } = await household(0);
    const res = await t.request({ method: "GET", url: `/api/users/${unknownId()}`, token: owner.token });
    expect(res.statusCode).toBe(404);
  });
});

describe("updating your profile", () => {
  it.each([
    ["keeps a plain name", "Ana María", "Ana María"],
    ["keeps accents, digits, hyphens, periods and underscores", "Zoë O.-K_2", "Zoë O.-K_2"],
    ["strips markup tags", "<b>Ana</b> Smith", "Ana Smith"],
    ["strips script keywords", "Bob <script>DROP</script> Lee", "Bob Lee"],
    ["trims surrounding spaces", "   Cleo   ", "Cleo"],
    ["accepts 50 characters", "x".repeat(50), "x".repeat(50)],
  ])("%s", async (_, sent, stored) => {
    const { member } = await household(0);
    const res = await update(member.user.id, member.token, { display_name: sent });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.display_name).toBe(stored);
    expect((await userRow(member.user.id)).displayName).toBe(stored);
  });

  it.each([
    ["punctuation outside the allowed set", "Ana!"],
    ["an email address", "ana@example.com"],
    ["51 characters", "x".repeat(51)],
    ["an empty name", ""],
    ["only spaces", "    "],
    ["nothing left after stripping markup", "<b></b>"],
    ["nothing left after stripping keywords", "select drop"],
  ])("refuses %s with SPEC's message", async (_, sent) => {
    const { member } = await household(0);
    const res = await update(member.user.id, member.token, { display_name: sent });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: "VALIDATION_ERROR", message: DISPLAY_NAME_MESSAGE });
    expect((await userRow(member.user.id)).displayName).toBe(member.user.displayName);
  });

  it("changes the bio", async () => {
    const { member } = await household(0);
    const res = await update(member.user.id, member.token, { bio: "Night owl" });
    expect(res.json().data.bio).toBe("Night owl");
  });

  it("takes your own profile picture, by its full address or its /files/ path", async () => {
    const { member } = await household(0);
    const { filePath, publicUrl } = await uploadPicture(member.token);
    expect(publicUrl).toBe(`${PUBLIC_URL}/files/${filePath}`);
    for (const sent of [publicUrl, `/files/${filePath}`]) {
      const res = await update(member.user.id, member.token, { photo_url: sent });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data.photo_url).toBe(publicUrl);
    }
    const removed = await update(member.user.id, member.token, { photo_url: null });
    expect(removed.json().data.photo_url).toBeNull();
  });

  it.each([
    ["another site's image", () => "https://evil.example/files/x.jpg"],
    ["a script address", () => "javascript:alert(1)"],
    ["an empty address", () => ""],
    ["a path that climbs out of /files", () => "/files/../config.json"],
    ["a path elsewhere on this server", () => "/api/users"],
    [
      "a well-formed path that was never uploaded",
      () => "/files/profile-pictures/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA.jpg",
    ],
  ])("refuses %s as the photo", async (_, photo) => {
    const { member } = await household(0);
    const res = await update(member.user.id, member.token, { photo_url: photo() });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(PROFILE_PICTURE_MESSAGE);
    expect((await userRow(member.user.id)).photoUrl).toBeNull();
  });

  it("refuses a housemate's picture and images uploaded for something else", async () => {
    const { owner, member } = await household(1);
    const theirs = await uploadPicture(owner.token);
    const evidence = await uploadPicture(member.token, "fine-evidence");
    for (const photo of [theirs.publicUrl, evidence.publicUrl]) {
      const res = await update(member.user.id, member.token, { photo_url: photo });
      expect(res.statusCode).toBe(400);
    }
    expect((await userRow(member.user.id)).photoUrl).toBeNull();
  });

  it("accepts SPEC's onboarding call when it repeats what the server knows", async () => {
    const { household: home, owner, member } = await household(1);
    const asAdmin = await update(owner.user.id, owner.token, {
      household_id: home.id,
      is_admin: true,
      display_name: "Ana",
    });
    expect(asAdmin.statusCode, asAdmin.body).toBe(200);
    expect(asAdmin.json().data).toMatchObject({ household_id: home.id, is_admin: true, display_name: "Ana" });
    const asJoiner = await update(member.user.id, member.token, { household_id: home.id, is_admin: false });
    expect(asJoiner.statusCode).toBe(200);
    const loner = await buildMember(t.db);
    expect((await update(loner.user.id, loner.token, { household_id: null })).statusCode).toBe(200);
  });

  it("does not move anyone into a household or out of one", async () => {
    const { household: home, member } = await household(1);
    const other = await household(0);
    const loner = await buildMember(t.db);

    expect((await update(loner.user.id, loner.token, { household_id: home.id })).statusCode).toBe(403);
    expect((await update(member.user.id, member.token, { household_id: other.household.id })).statusCode).toBe(403);
    expect((await update(member.user.id, member.token, { household_id: null })).statusCode).toBe(403);
    expect((await userRow(loner.user.id)).householdId).toBeNull();
    expect((await userRow(member.user.id)).householdId).toBe(home.id);
  });

  it("does not make anyone an admin, nor take it away", async () => {
    const { owner, member } = await household(1);
    const promote = await update(member.user.id, member.token, { is_admin: true, display_name: "Sneaky" });
    expect(promote.statusCode).toBe(403);
    expect(await userRow(member.user.id)).toMatchObject({ isAdmin: false, displayName: member.user.displayName });
    expect((await update(owner.user.id, owner.token, { is_admin: false })).statusCode).toBe(403);
    expect((await userRow(owner.user.id)).isAdmin).toBe(true);
  });

  it("refuses fields the profile does not have", async () => {
    const { member } = await household(0);
    const res = await update(member.user.id, member.token, { email: "new@example.com" });
    expect(res.statusCode).toBe(400);
  });

  it("changes nobody else's profile, housemates included", async () => {
    const { owner, member } = await household(1);
    const res = await update(owner.user.id, member.token, { display_name: "Hacked" });
    expect(res.statusCode).toBe(403);
    expect((await userRow(owner.user.id)).displayName).toBe(owner.user.displayName);
  });
});

describe("a person's own flags: been here before, chose their name (issue 18)", () => {
  const own = async (token: string) => (await t.request({ method: "GET", url: "/api/auth/me", token })).json().data;

  it("counts a name given on the profile as chosen, so onboarding stops asking; a bio alone does not", async () => {
    const { user, token } = await buildMember(t.db, undefined, { displayName: "walkc.bbpe", displayNameChosen: false });
    expect(await own(token)).toMatchObject({ id: user.id, display_name_chosen: false });
    expect((await update(user.id, token, { bio: "Hello" })).statusCode).toBe(200);
    expect((await own(token)).display_name_chosen).toBe(false);
    expect((await update(user.id, token, { display_name: "Casey" })).statusCode).toBe(200);
    expect(await own(token)).toMatchObject({ display_name: "Casey", display_name_chosen: true });
  });

  it("tells housemates neither flag nor any sign-in time, on the list or the profile", async () => {
    const { household: home, owner, member } = await household(1);
    const leaks = (user: Record<string, unknown>) =>
      Object.keys(user).filter((key) => key.includes("visited") || key.includes("chosen") || key.includes("sign"));
    const list = await t.request({ method: "GET", url: `/api/users?householdId=${home.id}`, token: member.token });
    for (const user of list.json().data as Record<string, unknown>[]) expect(leaks(user)).toEqual([]);
    const profile = await t.request({ method: "GET", url: `/api/users/${owner.user.id}`, token: member.token });
    expect(leaks(profile.json().data)).toEqual([]);
    expect(leaks(await own(member.token))).toEqual(["visited_before", "display_name_chosen"]);
  });
});

describe("migration 0009", () => {
  it("counts everyone already here as named and as having been here before", async () => {
    const folder = new URL("../drizzle/", import.meta.url);
    const files = (await readdir(folder)).filter((name) => name.endsWith(".sql")).sort();
    const index = files.findIndex((name) => name.endsWith("_first_visit.sql"));
    expect(index).toBeGreaterThan(0);
    let migrated: unknown;
    // The migrations replayed into a scratch schema, rolled back after: people as they were before 0009, then 0009.
    const replay = t.db.transaction(async (tx) => {
      const run = async (name: string) => {
        const text = (await readFile(new URL(name, folder), "utf8")).replaceAll('"public".', "");
        for (const statement of text.split("--> statement-breakpoint")) await tx.execute(sql.raw(statement));
      };
      await tx.execute(sql.raw("create schema first_visit"));
      await tx.execute(sql.raw("set local search_path to first_visit"));
      for (const name of files.slice(0, index)) await run(name);
      await tx.execute(
        sql.raw(
          `insert into users (email, display_name) values ('ana@example.com', 'Ana'), ('ben@example.com', 'ben')`,
        ),
      );
      await run(files[index] ?? "");
      await tx.execute(sql.raw("insert into users (email, display_name) values ('new@example.com', 'new')"));
      migrated = await tx.execute(
        sql.raw(
          "select display_name, display_name_chosen, previous_signed_in_at is not null as visited_before from users order by 1",
        ),
      );
      tx.rollback();
    });
    await expect(replay).rejects.toBeInstanceOf(TransactionRollbackError);

    const { rows } = z
      .object({
        rows: z.array(
          z.object({ display_name: z.string(), display_name_chosen: z.boolean(), visited_before: z.boolean() }),
        ),
      })
      .parse(migrated);
    expect(rows).toEqual([
      { display_name: "Ana", display_name_chosen: true, visited_before: true },
      { display_name: "ben", display_name_chosen: true, visited_before: true },
      // Made afterwards, as a sign-in through /login makes it: not named, never here before.
      { display_name: "new", display_name_chosen: false, visited_before: false },
    ]);
  });
});

describe("deleting your account", () => {
  it("signs you out everywhere and removes your personal data", async () => {
    const { member } = await household(1);
    const phone = await buildSession(t.db, member.user.id);
    const picture = await uploadPicture(member.token);
    const profiled = await update(member.user.id, member.token, { bio: "About me", photo_url: picture.publicUrl });
    expect(profiled.statusCode).toBe(200);
    expect((await t.request({ method: "GET", url: `/files/${picture.filePath}` })).statusCode).toBe(200);
    await t.db
      .insert(notificationPreferences)
      .values({ userId: member.user.id, typeId: "fine_received", emailEnabled: false });
    await t.db
      .insert(notifications)
      .values({ userId: member.user.id, typeId: "fine_received", title: "Fine", message: "You were fined" });
    const signedIn = new Date(t.clock.now.getTime() - 60_000);
    await t.db
      .update(users)
      .set({ lastSignedInAt: signedIn, previousSignedInAt: signedIn })
      .where(eq(users.id, member.user.id));

    const res = await t.request({ method: "DELETE", url: `/api/users/${member.user.id}`, token: member.token });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ success: true });

    for (const token of [member.token, phone]) {
      const after = await t.request({ method: "GET", url: `/api/users/${member.user.id}`, token });
      expect(after.statusCode).toBe(401);
    }
    const live = await t.db.select().from(sessions).where(eq(sessions.userId, member.user.id));
    expect(live.every((s) => s.revokedAt !== null)).toBe(true);

    expect(await userRow(member.user.id)).toMatchObject({
      email: null,
      displayName: FORMER_MEMBER_NAME,
      photoUrl: null,
      bio: null,
      lastSignedInAt: null,
      previousSignedInAt: null,
      deletedAt: expect.any(Date),
    });
    expect(await t.db.select().from(notifications).where(eq(notifications.userId, member.user.id))).toEqual([]);
    expect(
      await t.db.select().from(notificationPreferences).where(eq(notificationPreferences.userId, member.user.id)),
    ).toEqual([]);
    const photo = await t.request({ method: "GET", url: `/files/${picture.filePath}` });
    expect(photo.statusCode).toBe(404);
  });

  it("keeps the household's fines, rules and notes, showing the person as a former member", async () => {
    const { household: home, owner, member } = await household(1);
    const history = await buildHouseholdHistory(t.db, home.id, member.user.id, owner.user.id);

    await t.request({ method: "DELETE", url: `/api/users/${member.user.id}`, token: member.token });

    const [rule] = await t.db.select().from(rules).where(eq(rules.id, history.rule.id));
    const [fine] = await t.db.select().from(fines).where(eq(fines.id, history.fine.id));
    const [note] = await t.db.select().from(stickyNotes).where(eq(stickyNotes.id, history.note.id));
    expect(rule).toMatchObject({ householdId: home.id, createdBy: member.user.id, deletedAt: null });
    // The fine they issued stays, written off: its offender is the only one left, and nobody reviews their own
    // dispute (decision 032's review fixes).
    expect(fine).toMatchObject({
      householdId: home.id,
      createdBy: member.user.id,
      amountMinor: 250,
      status: "cancelled",
      cancelReason: WRITTEN_OFF_LEFT_REASON,
    });
    expect(note).toMatchObject({ householdId: home.id, createdBy: member.user.id, content: "Bins on Tuesday" });

    const formerMember = await t.request({ method: "GET", url: `/api/users/${member.user.id}`, token: owner.token });
    expect(formerMember.statusCode).toBe(200);
    expect(formerMember.json().data).toMatchObject({ display_name: FORMER_MEMBER_NAME, email: "", photo_url: null });

    const listed = await t.request({ method: "GET", url: `/api/users?householdId=${home.id}`, token: owner.token });
    expect(listed.json().data.map((u: { id: string }) => u.id)).toEqual([owner.user.id]);
    const stillThere = await t.request({ method: "GET", url: `/api/households/${home.id}`, token: owner.token });
    expect(stillThere.statusCode).toBe(200);
  });

  it("deletes the household with its last member, as their leaving would: none stays behind with nobody to run it", async () => {
    const { household: home, owner } = await household(0);
    const history = await buildHouseholdHistory(t.db, home.id, owner.user.id, owner.user.id);
    const res = await t.request({ method: "DELETE", url: `/api/users/${owner.user.id}`, token: owner.token });
    expect(res.statusCode).toBe(200);
    expect(await t.db.select().from(households).where(eq(households.id, home.id))).toHaveLength(0);
    expect(await t.db.select().from(fines).where(eq(fines.id, history.fine.id))).toHaveLength(0);
  });

  it("frees the email address for a new account later", async () => {
    const { member } = await household(0);
    const email = member.user.email ?? "";
    await t.request({ method: "DELETE", url: `/api/users/${member.user.id}`, token: member.token });
    const again = await buildMember(t.db, undefined, { email });
    expect(again.user.id).not.toBe(member.user.id);
  });

  it("deletes nobody else's account", async () => {
    const { owner, member } = await household(1);
    const res = await t.request({ method: "DELETE", url: `/api/users/${owner.user.id}`, token: member.token });
    expect(res.statusCode).toBe(403);
    expect((await userRow(owner.user.id)).deletedAt).toBeNull();
  });
});
