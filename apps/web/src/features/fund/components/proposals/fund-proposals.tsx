/** The Fund page's spending proposals: open ones with their votes, and the recently decided (issue 17). */
export function FundProposals(_props: { householdId: string }) {
  return null;
}
