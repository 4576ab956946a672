import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter, Route, Routes } from "react-router";
import { useAuthStore } from "@/lib/auth/auth-store";
import { heldAnswer, respondWith, storeSession } from "@/lib/testing/fake-server";
import { Component as LoginPage } from "./login";

function renderLogin(state?: unknown) {
  return render(
    <MemoryRouter initialEntries={[{ pathname: "/login", state }]}>
      <Routes>
        <Route path="/login" element={<LoginPage />} />
        <Route path="/dashboard" element={<h1>dashboard</h1>} />
        <Route path="/dashboard/rules" element={<h1>rules</h1>} />
      </Routes>
    </MemoryRouter>,
  );
}

beforeEach(() => useAuthStore.getState().checkAuth());
afterEach(() => vi.unstubAllGlobals());

describe("sign-in page", () => {
  it("asks for an email and links to sign up", () => {
    renderLogin();
    expect(screen.getByText("Sign In")).toBeInTheDocument();
    expect(screen.getByText("Enter your email to receive a magic link")).toBeInTheDocument();
    expect(screen.getByLabelText("Email")).toHaveAttribute("type", "email");
    expect(screen.getByRole("link", { name: "Sign up" })).toHaveAttribute("href", "/register");
  });

  it("sends the link, keeps the email locally and shows the check-your-inbox state", async () => {
    const sent = heldAnswer();
    const server = respondWith({ "POST /api/auth/login": sent.route });
    renderLogin({ from: { pathname: "/dashboard/rules", search: "", hash: "" } });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText("Email"), "ana@example.com");
    await user.click(screen.getByRole("button", { name: "Send Magic Link" }));

    // Busy while the request is in flight.
    expect(screen.getByRole("button", { name: /Send Magic Link/ })).toBeDisabled();
    sent.give({ body: { data: { message: "sent" } } });

    expect(await screen.findByText("Check your inbox")).toBeInTheDocument();
    expect(server.bodies).toEqual([{ email: "ana@example.com" }]);
    expect(localStorage.getItem("emailForSignIn")).toBe("ana@example.com");
    expect(sessionStorage.getItem("returnTo")).toBe("/dashboard/rules");

    await user.click(screen.getByRole("button", { name: "Use a different email" }));
    expect(screen.getByRole("button", { name: "Send Magic Link" })).toBeEnabled();
  });

  it("does nothing with an empty email", async () => {
    const server = respondWith({});
    renderLogin();
    await userEvent.setup().click(screen.getByRole("button", { name: "Send Magic Link" }));
    expect(server.requests).toHaveLength(0);
  });

  it("sends someone already signed in on to where they were going", () => {
    storeSession();
    useAuthStore.getState().checkAuth();
    renderLogin({ from: { pathname: "/dashboard/rules" } });
    expect(screen.getByRole("heading", { name: "rules" })).toBeInTheDocument();
  });
});
