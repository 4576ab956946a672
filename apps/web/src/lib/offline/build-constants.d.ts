/** A hash of packages/contract/src, written into the build by vite.config.ts: the last-seen copy's buster. */
declare const __CONTRACT_VERSION__: string;
