import { beforeEach, describe, expect, it } from "vitest";
import { act, render, screen } from "@testing-library/react";
import { createMemoryRouter, MemoryRouter, Route, RouterProvider, Routes, useLocation } from "react-router";
import { useAuthStore } from "@/lib/auth/auth-store";
import { serverUser, storeSession } from "@/lib/testing/fake-server";
import { Component as Protected } from "./protected";

function Here({ name }: { name: string }) {
  const location = useLocation();
  const from: unknown = (location.state as { from?: unknown } | null)?.from;
  return (
    <main>
      <h1>{name}</h1>
      <p data-testid="from">{from ? JSON.stringify(from) : "none"}</p>
    </main>
  );
}

function renderAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/login" element={<Here name="login" />} />
        <Route element={<Protected />}>
          <Route path="/onboarding" element={<Here name="onboarding" />} />
          <Route path="/household/create" element={<Here name="household create" />} />
          <Route path="/dashboard" element={<Here name="dashboard" />} />
          <Route path="/dashboard/rules" element={<Here name="rules" />} />
        </Route>
      </Routes>
    </MemoryRouter>,
  );
}

function signIn(householdId: string | null) {
  storeSession(serverUser({ household_id: householdId }));
  useAuthStore.getState().checkAuth();
}

beforeEach(() => useAuthStore.getState().checkAuth());

describe("route guards", () => {
  it("sends a signed-out visitor to /login and keeps where they were going", () => {
    renderAt("/dashboard/rules?tab=all");
    expect(screen.getByRole("heading", { name: "login" })).toBeInTheDocument();
    const from: unknown = JSON.parse(screen.getByTestId("from").textContent);
    expect(from).toMatchObject({ pathname: "/dashboard/rules", search: "?tab=all" });
  });

  it("shows a spinner while the session loads", () => {
    useAuthStore.setState({ isLoading: true });
    renderAt("/dashboard");
    expect(screen.getByRole("status", { name: "Loading your session" })).toBeInTheDocument();
    expect(screen.queryByRole("heading")).not.toBeInTheDocument();
  });

  it("sends a user without a household to /onboarding", () => {
    signIn(null);
    renderAt("/dashboard/rules");
    expect(screen.getByRole("heading", { name: "onboarding" })).toBeInTheDocument();
  });

  it.each([
    ["/onboarding", "onboarding"],
    ["/household/create", "household create"],
  ])("lets a user without a household open %s", (path, name) => {
    signIn(null);
    renderAt(path);
    expect(screen.getByRole("heading", { name })).toBeInTheDocument();
  });

  it("sends a user with a household from /onboarding to /dashboard", () => {
    signIn("11111111-1111-4111-8111-111111111111");
    renderAt("/onboarding");
    expect(screen.getByRole("heading", { name: "dashboard" })).toBeInTheDocument();
  });

  it("lets a user with a household in", () => {
    signIn("11111111-1111-4111-8111-111111111111");
    renderAt("/dashboard/rules");
    expect(screen.getByRole("heading", { name: "rules" })).toBeInTheDocument();
  });

  it("shows the spinner, never a blank page, while the dashboard's code loads after the household is created", async () => {
    signIn(null);
    // The dashboard's code arrives when the test says so, as on a slow connection.
    let arrive: () => void = () => undefined;
    const code = new Promise<void>((resolve) => (arrive = resolve));
    const router = createMemoryRouter(
      [
        {
          Component: Protected,
          children: [
            { path: "/onboarding", element: <Here name="onboarding" /> },
            {
              path: "/dashboard",
              lazy: async () => {
                await code;
                return { element: <Here name="dashboard" /> };
              },
            },
          ],
        },
      ],
      { initialEntries: ["/onboarding"] },
    );
    const { container } = render(<RouterProvider router={router} />);
    expect(screen.getByRole("heading", { name: "onboarding" })).toBeInTheDocument();

    act(() => useAuthStore.getState().updateUser({ household_id: "11111111-1111-4111-8111-111111111111" }));

    expect(screen.getByRole("status", { name: "Loading" })).toBeInTheDocument();
    expect(container).not.toBeEmptyDOMElement();
    await act(async () => arrive());
    expect(await screen.findByRole("heading", { name: "dashboard" })).toBeInTheDocument();
    expect(screen.queryByRole("status", { name: "Loading" })).not.toBeInTheDocument();
  });
});
