const tasks = new Set<() => Promise<unknown>>();

/**
 * Work to finish while the session still stands, before the person signs out here: a write held back for an Undo
 * (a note's waiting delete, decision 037) sent with the token it needs. Features register here, as lib/ cannot know
 * them. Returns the unregister function.
 */
export function beforeSignOut(task: () => Promise<unknown>): () => void {
  tasks.add(task);
  return () => tasks.delete(task);
}

/** Runs every registered task and waits for all of them; a failure is theirs to report, never a reason to stay in. */
export async function finishBeforeSignOut(): Promise<void> {
  await Promise.allSettled([...tasks].map((task) => task()));
}
