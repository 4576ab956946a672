import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["e2e/**/*.test.ts"],
    environment: "node",
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // expect.poll waits 1 s by default: a live update on a CI machine busy with two browsers and a server can take
    // longer without anything being wrong, as the rest of the journeys' waits (Playwright's 5 s) already allow.
    expect: { poll: { timeout: 5_000 } },
    pool: "forks",
    // Each file starts its own server and browser: two at a time suits a 2-core machine.
    maxWorkers: 2,
  },
});
