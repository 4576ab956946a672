/** Told of one household whose part of a sweep failed, while the sweep goes on with the others. */
export type SweepFailure = (error: unknown, householdId: string) => void;

/**
 * One household's part of a sweep over many (the deadlines of appeals and spending proposals), in its own transaction:
 * with `onFailure` its failure is reported and counts nothing, so one household that cannot be closed does not hold up
 * everyone else's; without it (a request sweeping only its own household) the failure is the caller's.
 */
export async function sweepHousehold(
  householdId: string,
  work: () => Promise<number>,
  onFailure: SweepFailure | undefined,
): Promise<number> {
  try {
    return await work();
  } catch (error) {
    if (!onFailure) throw error;
    onFailure(error, householdId);
    return 0;
  }
}
