import type { ReactNode } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { act, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createMemoryRouter, RouterProvider } from "react-router";
import { RootLayout, RouteErrorBoundary } from "./root-layout";

function renderApp(children: { path: string; Component: () => ReactNode }[] = []) {
  const router = createMemoryRouter([
    {
      path: "/",
      Component: RootLayout,
      ErrorBoundary: RouteErrorBoundary,
      children: [{ index: true, Component: () => <p>the house</p> }, ...children],
    },
  ]);
  render(<RouterProvider router={router} />);
  return router;
}

const MESSAGE = "An unexpected error occurred in the application.";

function rejection(reason: unknown) {
  // jsdom has no PromiseRejectionEvent; the listener only reads `reason`.
  return Object.assign(new Event("unhandledrejection"), { reason });
}

afterEach(() => vi.restoreAllMocks());

describe("generic error screen", () => {
  it("replaces the page on an uncaught error and 'Try Again' brings it back", async () => {
    renderApp();
    act(() => {
      window.dispatchEvent(new ErrorEvent("error", { error: new Error("boom"), message: "boom" }));
    });
    expect(screen.getByRole("heading", { name: "Something went wrong" })).toBeInTheDocument();
    expect(screen.getByText(MESSAGE)).toBeInTheDocument();
    expect(screen.queryByText("the house")).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole("button", { name: "Try Again" }));
    expect(screen.queryByRole("heading", { name: "Something went wrong" })).not.toBeInTheDocument();
    expect(screen.getByText("the house")).toBeInTheDocument();
  });

  it("shows the screen on an unhandled promise rejection", () => {
    renderApp();
    act(() => {
      window.dispatchEvent(rejection(new Error("request failed")));
    });
    expect(screen.getByRole("heading", { name: "Something went wrong" })).toBeInTheDocument();
    expect(screen.getByText(MESSAGE)).toBeInTheDocument();
  });

  it("titles a failed module load 'Page Failed to Load'", () => {
    renderApp();
    act(() => {
      window.dispatchEvent(
        rejection(new TypeError("Failed to fetch dynamically imported module: /assets/rules-abc.js")),
      );
    });
    expect(screen.getByRole("heading", { name: "Page Failed to Load" })).toBeInTheDocument();
    expect(screen.getByText(MESSAGE)).toBeInTheDocument();
  });

  it("ignores the browser's harmless ResizeObserver notice", () => {
    renderApp();
    act(() => {
      window.dispatchEvent(
        new ErrorEvent("error", { message: "ResizeObserver loop completed with undelivered notifications." }),
      );
    });
    expect(screen.getByText("the house")).toBeInTheDocument();
  });
});

describe("route error screen", () => {
  it("shows 'Something went wrong', the error message and a 'Go Home' link to /", async () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    const router = renderApp([
      {
        path: "broken",
        Component: () => {
          throw new Error("The rules could not be read");
        },
      },
    ]);
    await act(() => router.navigate("/broken"));
    expect(screen.getByRole("heading", { name: "Something went wrong" })).toBeInTheDocument();
    expect(screen.getByText("The rules could not be read")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Go Home" })).toHaveAttribute("href", "/");
  });
});

describe("index.html's spinner", () => {
  function bootSpinner() {
    const boot = Object.assign(document.createElement("div"), { id: "boot" });
    boot.setAttribute("role", "status");
    document.body.prepend(boot);
  }

  it("goes once the app's frame has rendered, so no 'Loading' status stays on a loaded page", () => {
    bootSpinner();
    renderApp();
    expect(screen.getByText("the house")).toBeInTheDocument();
    expect(document.getElementById("boot")).toBeNull();
    expect(screen.queryByRole("status")).toBeNull();
  });

  it("goes when the root route fails too, never covering the error screen", () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    bootSpinner();
    const router = createMemoryRouter([
      {
        path: "/",
        Component: () => {
          throw new Error("The app could not start");
        },
        ErrorBoundary: RouteErrorBoundary,
      },
    ]);
    render(<RouterProvider router={router} />);
    expect(screen.getByRole("heading", { name: "Something went wrong" })).toBeInTheDocument();
    expect(document.getElementById("boot")).toBeNull();
  });
});
