import { describe, expect, it } from "vitest";
import { authApi, currentUserSchema, memberSchema, usersApi, verifyResponse } from "../src/index.js";

const user = {
  id: crypto.randomUUID(),
  email: "casey@example.com",
  display_name: "Casey",
  photo_url: null,
  bio: null,
  household_id: null,
  email_verified: true,
  is_admin: false,
  created_at: "2026-01-01T00:00:00.000Z",
  updated_at: "2026-01-01T00:00:00.000Z",
  away_until: null,
  away_ends_at: null,
};
const me = { ...user, visited_before: false, display_name_chosen: false };

describe("the signed-in person's own flags (issue 18)", () => {
  it("come with the current user, and the current user needs them", () => {
    expect(currentUserSchema.parse(me)).toEqual(me);
    expect(currentUserSchema.safeParse(user).success).toBe(false);
  });

  it("never reach a housemate: a member's answer leaves them out", () => {
    expect(memberSchema.parse(me)).toEqual(user);
    expect(usersApi.listUsers.response.parse({ data: [me] })).toEqual({ data: [user] });
    expect(usersApi.getUser.response.parse({ data: me })).toEqual({ data: user });
  });

  it("are what signing in and GET /auth/me answer with, to a session only", () => {
    const verified = { token: "t", expires: "2026-02-01T00:00:00.000Z", user: me, needsOnboarding: true, invite: null };
    expect(verifyResponse.parse(verified).user).toEqual(me);
    expect(authApi.getCurrentUser).toMatchObject({ method: "GET", path: "/auth/me", auth: "session" });
    expect(authApi.getCurrentUser.response.parse({ data: me })).toEqual({ data: me });
  });
});
