import { sql } from "drizzle-orm";
import { fines } from "../../db/schema.js";

/**
 * Appends a marked section ("Dispute reason: …", "Appeal: …") to the fine's description, as SPEC §2's fine card
 * expects: the lifecycle's steps and the appeal's write them the same way.
 */
export const appendSection = (section: string) =>
  sql`case when ${fines.description} = '' then ${section}::text else ${fines.description} || ${`\n\n${section}`}::text end`;
