import { describe, expect, it } from "vitest";
import { personName } from "@/lib/person-name";
import { applyUserChanges, normalizeUser } from "./session-user";

const snake = {
  id: "u1",
  email: "ana@example.com",
  display_name: "Ana",
  photo_url: "/files/ana.jpg",
  bio: null,
  household_id: "h1",
  email_verified: true,
  is_admin: true,
  created_at: "2026-01-01T00:00:00.000Z",
  updated_at: "2026-01-02T00:00:00.000Z",
};

describe("user normalisation", () => {
  it("keeps both spellings of a snake_case user", () => {
    expect(normalizeUser(snake)).toEqual({
      ...snake,
      uid: "u1",
      displayName: "Ana",
      photoUrl: "/files/ana.jpg",
      householdId: "h1",
      emailVerified: true,
      isAdmin: true,
      createdAt: "2026-01-01T00:00:00.000Z",
      updatedAt: "2026-01-02T00:00:00.000Z",
      visited_before: true,
      visitedBefore: true,
      display_name_chosen: true,
      displayNameChosen: true,
      // Issue 22: not away unless the server says so.
      away_until: null,
      away_ends_at: null,
    });
  });

  it("reads the person's own flags, and counts a user kept from before them as a named return visitor", () => {
    const firstVisit = normalizeUser({ ...snake, visited_before: false, display_name_chosen: false });
    expect(firstVisit).toMatchObject({ visitedBefore: false, displayNameChosen: false });
    expect(applyUserChanges(firstVisit, { display_name_chosen: true })).toMatchObject({
      visited_before: false,
      displayNameChosen: true,
    });
    expect(normalizeUser(snake)).toMatchObject({ visited_before: true, display_name_chosen: true });
  });

  it("reads a camelCase user with uid the same way", () => {
    const user = normalizeUser({
      uid: "u1",
      email: "ana@example.com",
      displayName: "Ana",
      photoUrl: "/files/ana.jpg",
      householdId: "h1",
      emailVerified: true,
      isAdmin: true,
      createdAt: "2026-01-01T00:00:00.000Z",
      updatedAt: "2026-01-02T00:00:00.000Z",
      bio: null,
    });
    expect(user).toEqual(normalizeUser(snake));
  });

  it("fills what the server left out with empty values", () => {
    expect(normalizeUser({ id: "u2", email: "bo@example.com" })).toMatchObject({
      id: "u2",
      uid: "u2",
      display_name: "",
      household_id: null,
      householdId: null,
      is_admin: false,
    });
  });

  it.each([
    ["no id", { email: "a@example.com" }],
    ["a numeric id", { id: 7, email: "a@example.com" }],
    ["no email", { id: "u1" }],
    ["not an object", "u1"],
    ["null", null],
  ])("rejects user data with %s", (_, raw) => {
    expect(() => normalizeUser(raw)).toThrow("Invalid user data received");
  });

  it("merges changes in either spelling and keeps both spellings in step", () => {
    const user = normalizeUser(snake);
    const renamed = applyUserChanges(user, { displayName: "Ana B" });
    expect(renamed).toMatchObject({ display_name: "Ana B", displayName: "Ana B", household_id: "h1" });
    const left = applyUserChanges(renamed, { household_id: null, is_admin: false });
    expect(left).toMatchObject({
      household_id: null,
      householdId: null,
      is_admin: false,
      isAdmin: false,
      displayName: "Ana B",
    });
  });

  it("names a person by display name, else email", () => {
    expect(personName(normalizeUser(snake))).toBe("Ana");
    expect(personName(normalizeUser({ id: "u", email: "bo@example.com" }))).toBe("bo@example.com");
  });
});
