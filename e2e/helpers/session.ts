import { expect } from "vitest";
import type { Page } from "playwright-core";
import type { User } from "@housemate/contract";
import { linkIn, type CapturedMail } from "../../apps/server/test/helpers/smtp.js";
import type { RunningServer } from "./server.js";

let emails = 0;
/** A fresh address per call, so journeys in one server never collide. */
export const newEmail = (name: string) => `${name}.${Date.now()}.${++emails}@example.com`;

/** What the app keeps in the page's localStorage under `key` (the session, the user, …). */
export const localItem = (page: Page, key: string) => page.evaluate((k) => localStorage.getItem(k), key);

/** The signed-in page's user, as the app keeps it on the device. */
export async function storedUser(page: Page): Promise<User> {
  const user = JSON.parse((await localItem(page, "user")) ?? "null") as User | null;
  if (!user) throw new Error("nobody is signed in on this page");
  return user;
}

const opened = new WeakSet<CapturedMail>();

/** The newest sign-in link mailed to `address` that no step has opened yet. */
export async function nextSignInLink(server: RunningServer, address: string): Promise<URL> {
  const mail = await server.smtp.waitFor(address, (m) => !opened.has(m) && m.body.includes("/auth/verify"), 10_000);
  opened.add(mail);
  const link = linkIn(mail, "/auth/verify");
  // The link points at PUBLIC_URL, never at whatever host the request came from.
  expect(link.origin).toBe(server.url);
  return link;
}

/**
 * Fills the register form the page is on (plain or invite), then opens the emailed link in the same
 * tab, as a person would. Resolves once the app has signed them in and moved on from /auth/verify.
 */
export async function registerThroughEmail(page: Page, server: RunningServer, person: { name: string; email: string }) {
  await page.getByLabel("Name").fill(person.name);
  await page.getByLabel("Email").fill(person.email);
  await page.getByRole("button", { name: "Create Account" }).click();
  await page.getByText("Check your inbox").waitFor();
  const link = await nextSignInLink(server, person.email);
  await page.goto(link.pathname + link.search);
  await page.waitForURL((url) => url.pathname !== "/auth/verify");
}

/**
 * Signs a person in through the API alone (as the app does), for steps that need an account to exist; a new account
 * gets `displayName` when one is given, as the register form sends it.
 */
export async function signInThroughApi(server: RunningServer, email: string, displayName?: string): Promise<string> {
  const sent = await fetch(`${server.url}/api/auth/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ email, displayName }),
  });
  expect(sent.status).toBe(200);
  const link = await nextSignInLink(server, email);
  const verified = await fetch(`${server.url}/api/auth/verify${link.search}`);
  const { data } = (await verified.json()) as { data: { token: string } };
  return data.token;
}

/** Calls the API with the page's own session, as the app would. */
// eslint-disable-next-line @typescript-eslint/no-unnecessary-type-parameters -- set-up only: the caller names the answer it expects
export async function callApi<T>(
  server: RunningServer,
  page: Page,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; data: T }> {
  const token = await localItem(page, "authToken");
  const response = await fetch(`${server.url}/api${path}`, {
    method,
    headers: {
      Authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { "Content-Type": "application/json" }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  // An answer may have no body (204); any other body must be JSON.
  const text = await response.text();
  const json = (text ? JSON.parse(text) : {}) as { data: T };
  return { status: response.status, data: json.data };
}
