import type { CurrentUser } from "@housemate/contract";
import { isRecord } from "@/lib/is-record";

/**
 * The signed-in user as the client keeps it (SPEC §3 User, with the flags only they are told): the contract's
 * snake_case fields plus their camelCase spellings and `uid`, so code written against either shape reads the same values.
 */
export type SessionUser = CurrentUser & {
  uid: string;
  displayName: string;
  photoUrl: string | null;
  householdId: string | null;
  emailVerified: boolean;
  isAdmin: boolean;
  createdAt: string;
  updatedAt: string;
  visitedBefore: boolean;
  displayNameChosen: boolean;
};

/** Fields a caller may change, in either spelling. */
export type UserChanges = Partial<Omit<SessionUser, "id" | "uid">>;

export const INVALID_USER_MESSAGE = "Invalid user data received";

/** Each client field and its camelCase twin; the snake_case name is the contract's. */
const ALIASES = {
  display_name: "displayName",
  photo_url: "photoUrl",
  household_id: "householdId",
  email_verified: "emailVerified",
  is_admin: "isAdmin",
  created_at: "createdAt",
  updated_at: "updatedAt",
  visited_before: "visitedBefore",
  display_name_chosen: "displayNameChosen",
} as const;
type AliasedField = keyof typeof ALIASES;

/** The value under the snake_case name, else under its camelCase twin. */
function pick(raw: Record<string, unknown>, field: AliasedField): unknown {
  return field in raw ? raw[field] : raw[ALIASES[field]];
}

const text = (value: unknown, fallback: string) => (typeof value === "string" ? value : fallback);
const textOrNull = (value: unknown) => (typeof value === "string" ? value : null);
const flag = (value: unknown) => value === true;

function withAliases(user: CurrentUser): SessionUser {
  return {
    ...user,
    uid: user.id,
    displayName: user.display_name,
    photoUrl: user.photo_url,
    householdId: user.household_id,
    emailVerified: user.email_verified,
    isAdmin: user.is_admin,
    createdAt: user.created_at,
    updatedAt: user.updated_at,
    visitedBefore: user.visited_before,
    displayNameChosen: user.display_name_chosen,
  };
}

/** Reads one raw field set (either spelling) over a base user; fields the raw data lacks keep the base's value. */
function merge(base: CurrentUser, raw: Record<string, unknown>): CurrentUser {
  const has = (field: AliasedField) => field in raw || ALIASES[field] in raw;
  return {
    id: base.id,
    email: typeof raw.email === "string" ? raw.email : base.email,
    display_name: has("display_name") ? text(pick(raw, "display_name"), "") : base.display_name,
    photo_url: has("photo_url") ? textOrNull(pick(raw, "photo_url")) : base.photo_url,
    bio: "bio" in raw ? textOrNull(raw.bio) : base.bio,
    household_id: has("household_id") ? textOrNull(pick(raw, "household_id")) : base.household_id,
    email_verified: has("email_verified") ? flag(pick(raw, "email_verified")) : base.email_verified,
    is_admin: has("is_admin") ? flag(pick(raw, "is_admin")) : base.is_admin,
    created_at: has("created_at") ? text(pick(raw, "created_at"), "") : base.created_at,
    updated_at: has("updated_at") ? text(pick(raw, "updated_at"), "") : base.updated_at,
    away_until: "away_until" in raw ? textOrNull(raw.away_until) : base.away_until,
    away_ends_at: "away_ends_at" in raw ? textOrNull(raw.away_ends_at) : base.away_ends_at,
    visited_before: has("visited_before") ? flag(pick(raw, "visited_before")) : base.visited_before,
    display_name_chosen: has("display_name_chosen") ? flag(pick(raw, "display_name_chosen")) : base.display_name_chosen,
  };
}

/**
 * SPEC §3: user data from the server (snake_case or camelCase) as a SessionUser. Valid only if
 * id or uid is a string and email is a string; otherwise throws 'Invalid user data received'.
 */
export function normalizeUser(raw: unknown): SessionUser {
  const id = isRecord(raw) ? (typeof raw.id === "string" ? raw.id : raw.uid) : undefined;
  if (!isRecord(raw) || typeof id !== "string" || typeof raw.email !== "string") {
    throw new Error(INVALID_USER_MESSAGE);
  }
  const empty: CurrentUser = {
    id,
    email: raw.email,
    display_name: "",
    photo_url: null,
    bio: null,
    household_id: null,
    email_verified: false,
    is_admin: false,
    created_at: "",
    updated_at: "",
    away_until: null,
    away_ends_at: null,
    // A user saved before the server told these (or a housemate's shape) is no newcomer: no first-visit greeting, and
    // no asking for a name they already have.
    visited_before: true,
    display_name_chosen: true,
  };
  return withAliases(merge(empty, raw));
}

/** SPEC §4 'Updating a user merges the fields': changes in either spelling, both spellings kept in step. */
export function applyUserChanges(user: SessionUser, changes: UserChanges): SessionUser {
  return withAliases(merge(user, changes));
}
