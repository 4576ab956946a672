import { afterEach, describe, expect, it, vi } from "vitest";
import { render, screen } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { routes } from "./router";

afterEach(() => vi.restoreAllMocks());

describe("opening a page other than / first", () => {
  it("shows the loading screen until the page's code has arrived, without the router's warning", async () => {
    const warn = vi.spyOn(console, "warn");
    const router = createMemoryRouter(routes, { initialEntries: ["/login"] });
    render(<RouterProvider router={router} />);

    expect(screen.getByRole("status", { name: "Loading" })).toBeInTheDocument();
    expect(await screen.findByRole("heading", { name: "Sign In" }, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.queryByRole("status", { name: "Loading" })).not.toBeInTheDocument();
    expect(warn.mock.calls.flat().join("\n")).not.toContain("HydrateFallback");
  });
});
