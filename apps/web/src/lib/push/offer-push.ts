import { pushSupported } from "./support";

/**
 * Issue 23's prompt: offered right after the person did something they will want to hear back about (issued a fine,
 * disputed one, proposed spending, opened an appeal), never on load. Only where pushes work and while the browser has
 * not been asked yet (permission 'default'); the prompt (push-prompt.ts, loaded now) checks the rest.
 */
export function offerPush(question: string): void {
  if (!pushSupported() || Notification.permission !== "default") return;
  void import("./push-prompt").then(({ showPushPrompt }) => showPushPrompt(question));
}
