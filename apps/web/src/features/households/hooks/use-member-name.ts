import { useMemo } from "react";
import { FORMER_MEMBER_NAME } from "@housemate/contract";
import { personName } from "@/lib/person-name";
import { useHouseholdMembers } from "../api/get-household-members";

/** What the app calls a person named only by their id: a null id is an account that is gone. */
export type MemberName = (id: string | null) => string;

/**
 * Names the household's people by id: a member by their name, anyone else as a former member — but only once the
 * members have arrived: until then nobody is called a former member.
 */
export function useMemberName(): MemberName {
  const members = useHouseholdMembers();
  return useMemo(() => {
    const names = new Map((members.data ?? []).map((member) => [member.id, personName(member)]));
    return (id) =>
      id === null ? FORMER_MEMBER_NAME : (names.get(id) ?? (members.isSuccess ? FORMER_MEMBER_NAME : "a housemate"));
  }, [members.data, members.isSuccess]);
}
