import { useCallback, useMemo } from "react";
import { personName } from "@/lib/person-name";
import { useHouseholdMembers } from "../api/get-household-members";

/** A member as a select or a filter offers them: their id and the name the app shows. */
export interface MemberChoice {
  id: string;
  name: string;
  /** Their last day away (issue 22), or null; kept after it passes, so ask `isAway` of `awayEndsAt`. */
  awayUntil: string | null;
  /** When that away ends: midnight after the last day in their own zone (`away_ends_at`). */
  awayEndsAt: string | null;
}

/**
 * The household's members as the pages offer and show them: `choices` for a select (undefined until the members are
 * in) and `photoOf`, a member's photo by id (null when none or unknown). One place, so every page names and pictures a
 * member the same way. `query` is the members' query itself (its state, its refetch).
 */
export function useMemberChoices() {
  const query = useHouseholdMembers();
  const { data } = query;
  const choices = useMemo<MemberChoice[] | undefined>(
    () =>
      data?.map((member) => ({
        id: member.id,
        name: personName(member),
        awayUntil: member.away_until,
        awayEndsAt: member.away_ends_at,
      })),
    [data],
  );
  const photos = useMemo(() => new Map((data ?? []).map((member) => [member.id, member.photo_url])), [data]);
  const photoOf = useCallback((id: string | null) => (id && photos.get(id)) || null, [photos]);
  return { query, choices, photoOf };
}
