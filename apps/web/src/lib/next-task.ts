/**
 * Resolves in a task of its own, after what the browser has already queued (a paint, a tap). Work that would
 * otherwise pile into one long task is spread over short ones this way: a screen that mounts ten queries starts ten
 * requests in the task that commits it (TanStack Query fetches as an observer subscribes), each about a millisecond
 * on a phone, and together one task long enough to hold up a tap (docs/performance.md, issue 14).
 *
 * A message to a fresh channel, as React's scheduler posts its slices: not a timer, so it is neither clamped when
 * nested nor held by a test's fake timers.
 */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    const { port1, port2 } = new MessageChannel();
    port1.onmessage = () => {
      port1.close();
      resolve();
    };
    port2.postMessage(null);
  });
}
