import { useAuthStore } from "@/lib/auth/auth-store";
import { mayOfferPush } from "./support";

/**
 * Issue 23's prompt: offered right after the person did something they will want to hear back about (issued a fine,
 * disputed one, proposed spending, opened an appeal), never on load. The prompt's chunk is loaded only where it will be
 * shown (`mayOfferPush`: never in the phone app, a browser without push, once asked, or after 'Not now'): nothing of
 * push is in the screens' own code.
 */
export function offerPush(question: string): void {
  if (!mayOfferPush(useAuthStore.getState().currentUser?.id)) return;
  void import("./device").then(({ showPushPrompt }) => showPushPrompt(question));
}
