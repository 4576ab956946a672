import { describe, expect, it } from "vitest";
import { retryDelay } from "./query-client";

describe("query client", () => {
  it("backs off from 1 s, doubling, up to 30 s (SPEC §9)", () => {
    expect([0, 1, 2, 3, 4, 5, 6].map(retryDelay)).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);
  });
});
