/**
 * Issue 23's prompt: offered right after the person did something they will want to hear back about (issued a fine,
 * disputed one, proposed spending, opened an appeal), never on load. Whether to ask at all is the prompt's to say
 * (push-prompt.ts), loaded now: nothing of push is in the screens' own code.
 */
export function offerPush(question: string): void {
  void import("./device").then(({ showPushPrompt }) => showPushPrompt(question));
}
