import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter, Route, Routes } from "react-router";
import { useAuthStore } from "@/lib/auth/auth-store";
import { respondWith } from "@/lib/testing/fake-server";
import { Component as RegisterPage } from "./register";

function renderRegister(state?: unknown) {
  return render(
    <MemoryRouter initialEntries={[{ pathname: "/register", state }]}>
      <Routes>
        <Route path="/register" element={<RegisterPage />} />
        <Route path="/login" element={<h1>login</h1>} />
      </Routes>
    </MemoryRouter>,
  );
}

async function fillAndSubmit(name: string, email: string) {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText("Name"), name);
  await user.type(screen.getByLabelText("Email"), email);
  await user.click(screen.getByRole("button", { name: "Create Account" }));
}

beforeEach(() => useAuthStore.getState().checkAuth());
afterEach(() => vi.unstubAllGlobals());

describe("register page", () => {
  it("asks for name and email, links to sign in and states the terms", () => {
    renderRegister();
    expect(screen.getByLabelText("Name")).toBeRequired();
    expect(screen.getByLabelText("Email")).toHaveAttribute("type", "email");
    expect(screen.getByRole("link", { name: "Sign in" })).toHaveAttribute("href", "/login");
    expect(document.body).toHaveTextContent(
      "By creating an account, you agree to our Terms of Service and Privacy Policy.",
    );
    expect(screen.queryByText("You're joining a household via invite link")).not.toBeInTheDocument();
  });

  it("sends name and email, then shows where the link went", async () => {
    const server = respondWith({ "POST /api/auth/login": { body: { data: { message: "sent" } } } });
    renderRegister();
    await fillAndSubmit("Ana Lopez", "ana@example.com");
    expect(await screen.findByText("Check your inbox")).toBeInTheDocument();
    expect(screen.getByText("ana@example.com")).toBeInTheDocument();
    expect(server.bodies).toEqual([{ email: "ana@example.com", displayName: "Ana Lopez" }]);
  });

  it("with an invite code, says so, sends the code and then forgets it", async () => {
    sessionStorage.setItem("inviteCode", "invite-abc");
    const server = respondWith({ "POST /api/auth/login": { body: { data: { message: "sent" } } } });
    renderRegister();
    expect(screen.getByText("You're joining a household via invite link")).toBeInTheDocument();
    expect(screen.getByText("Create an account to join the household")).toBeInTheDocument();

    await fillAndSubmit("Bo", "bo@example.com");
    await screen.findByText("Check your inbox");
    expect(server.bodies).toEqual([{ email: "bo@example.com", displayName: "Bo", inviteCode: "invite-abc" }]);
    expect(sessionStorage.getItem("inviteCode")).toBeNull();
  });

  it("remembers where the visitor was going for after the email round trip", async () => {
    respondWith({ "POST /api/auth/login": { body: { data: { message: "sent" } } } });
    renderRegister({ from: { pathname: "/dashboard/fines", search: "?filter=pending", hash: "" } });
    await fillAndSubmit("Bo", "bo@example.com");
    await screen.findByText("Check your inbox");
    expect(sessionStorage.getItem("returnTo")).toBe("/dashboard/fines?filter=pending");
  });

  it("stays on the form when the link could not be sent", async () => {
    respondWith({ "POST /api/auth/login": { status: 500, body: "" } });
    renderRegister();
    await fillAndSubmit("Bo", "bo@example.com");
    expect(await screen.findByRole("button", { name: "Create Account" })).toBeEnabled();
    expect(screen.queryByText("Check your inbox")).not.toBeInTheDocument();
  });
});
