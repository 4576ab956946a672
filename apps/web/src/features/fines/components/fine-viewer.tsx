import { createContext, useContext } from "react";

/**
 * Who is looking at fines and how to name things: the signed-in member, their household and its
 * currency, member and rule names. The app layer provides it (it knows the session and the household),
 * so this feature needs neither.
 */
export interface FineViewer {
  householdId: string;
  userId: string;
  /** ISO 4217 code of the household (SPEC §9: amounts in the household's currency). */
  currency: string;
  /** A member's name as a sentence shows it ('you' for the viewer). */
  memberName: (userId: string | null) => string;
  /** The rule's title, or undefined when it is unknown or deleted. */
  ruleTitle: (ruleId: string | null) => string | undefined;
  /** A member as a picture shows them: their display name (never 'you') and photo, for an avatar. */
  person: (userId: string | null) => FinePerson;
  /**
   * Whether the members have been asked for and answered: until then nobody has a name, and a row that names people
   * is a skeleton rather than 'A housemate fined a housemate' (issue 18, defect 9).
   */
  peopleKnown: boolean;
  /** How many members the household has, undefined until known: an appeal needs three (issue 21, decision 047). */
  memberCount: number | undefined;
}

/** Someone a fine names, as an avatar draws them. */
export interface FinePerson {
  name: string;
  photoUrl: string | null;
}

const FineViewerContext = createContext<FineViewer | null>(null);

export const FineViewerProvider = FineViewerContext.Provider;

export function useFineViewer(): FineViewer {
  const viewer = useContext(FineViewerContext);
  if (!viewer) throw new Error("useFineViewer needs a FineViewerProvider above it");
  return viewer;
}
