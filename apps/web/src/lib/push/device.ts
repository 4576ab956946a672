/**
 * What the rest of the app loads of push (issue 23), always with `import()`: one chunk, fetched when it is needed (the
 * prompt after an action, Preferences, a start where pushes are allowed), never on a first load's path.
 */
export { showPushPrompt, turnOnWith } from "./push-prompt";
export { pushDeviceState, resumeOnStart, turnOffPush, type PushDeviceState } from "./push";
