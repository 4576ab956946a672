import type { RouteOptions } from "fastify";
import { expect } from "vitest";

/**
 * Every route the app registers, as "METHOD /url" (HEAD left out: Fastify adds one to each GET). Pass `onRoute` to
 * createTestContext; `registered` is complete once the app is ready.
 */
export function recordRoutes() {
  const registered = new Set<string>();
  const onRoute = (route: RouteOptions) => {
    for (const method of [route.method].flat()) if (method !== "HEAD") registered.add(`${method} ${route.url}`);
  };
  return { registered, onRoute };
}

/** A table that must name exactly the registered routes: a route without a row, or a row without a route, fails. */
export function expectEveryRoute(registered: Set<string>, table: Set<string>) {
  expect(
    [...registered].filter((route) => !table.has(route)),
    "routes without a row",
  ).toEqual([]);
  expect(
    [...table].filter((route) => !registered.has(route)),
    "rows without a route",
  ).toEqual([]);
}
