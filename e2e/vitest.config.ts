import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["e2e/**/*.test.ts"],
    environment: "node",
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: "forks",
    // Each file starts its own server and browser: two at a time suits a 2-core machine.
    maxWorkers: 2,
  },
});
