import type { User } from "@housemate/contract";

/** What the app calls a person (a member, the signed-in user): their display name, else their email. */
export const personName = (person: Pick<User, "display_name" | "email">) => person.display_name || person.email;
