import { describe, expect, it } from "vitest";
import { render, screen } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { Component as NotFound } from "./not-found";

describe("not-found page", () => {
  it("says 'Page Not Found' and links to /dashboard", () => {
    const router = createMemoryRouter([{ path: "*", Component: NotFound }], { initialEntries: ["/no/such/room"] });
    render(<RouterProvider router={router} />);
    expect(screen.getByRole("heading", { level: 1, name: "Page Not Found" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: /Dashboard/ })).toHaveAttribute("href", "/dashboard");
  });
});
