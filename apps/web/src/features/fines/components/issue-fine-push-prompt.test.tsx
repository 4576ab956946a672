import { afterEach, describe, expect, it, vi } from "vitest";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { respondWith, serverUser, storeSession, readStoredSession } from "@/lib/testing/fake-server";
import { FAKE_PUSH_KEY, FAKE_SUBSCRIPTION, fakePushDevice, removePushDevice } from "@/lib/testing/push-device";
import { rememberNotNow } from "@/lib/push/support";
import { ANA, BEN, buildFine, buildRule, dismissToasts, HOUSEHOLD_ID, renderFines } from "../testing/fine-fixtures";
import { IssueFineForm } from "./issue-fine-form";

const QUESTION = "Get a notification on this device when Ben pays?";
const DAY_MS = 24 * 60 * 60_000;

async function signInAna() {
  storeSession(serverUser({ id: ANA, household_id: HOUSEHOLD_ID }));
  await readStoredSession();
}

function server() {
  return respondWith({
    "POST /api/fines": { status: 201, body: { data: buildFine() } },
    "GET /api/push/key": { body: { data: { public_key: FAKE_PUSH_KEY } } },
    "POST /api/push/subscriptions": {
      status: 201,
      body: { data: { id: "99999999-9999-4999-8999-999999999999", created_at: "2026-11-26T12:00:00.000Z" } },
    },
  });
}

function renderForm() {
  renderFines(
    <IssueFineForm
      householdId={HOUSEHOLD_ID}
      userId={ANA}
      currency="GBP"
      members={[
        { id: ANA, name: "Ana" },
        { id: BEN, name: "Ben" },
      ]}
      rules={[buildRule()]}
      onRefresh={vi.fn()}
      isRefreshing={false}
      onCancel={vi.fn()}
      onIssued={vi.fn()}
      evidencePicker={(id) => <input id={id} type="file" />}
      evidenceImages={[]}
      isUploading={false}
    />,
  );
}

async function issueFine() {
  const user = userEvent.setup();
  await user.click(screen.getByRole("combobox", { name: "Offender *" }));
  await user.click(await screen.findByRole("option", { name: "Ben" }));
  await user.click(screen.getByRole("combobox", { name: "Rule *" }));
  await user.click(await screen.findByRole("option", { name: /Dishes left overnight/ }));
  await user.click(screen.getByRole("button", { name: "Issue Fine" }));
  expect(await screen.findByText("Fine issued")).toBeInTheDocument();
}

afterEach(() => {
  dismissToasts();
  removePushDevice();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe("the push prompt (issue 23)", () => {
  it("is offered right after a fine is issued, never before, and Turn on subscribes this device", async () => {
    await signInAna();
    const device = fakePushDevice();
    const fake = server();
    renderForm();
    // Not on load: only an action the person will hear back about asks.
    expect(screen.queryByText(QUESTION)).not.toBeInTheDocument();

    await issueFine();
    expect(await screen.findByText(QUESTION)).toBeInTheDocument();
    expect(device.permissionAsked).toBe(0);
    await userEvent.setup().click(screen.getByRole("button", { name: "Turn on" }));

    expect(await screen.findByText("Push notifications turned on")).toBeInTheDocument();
    expect(device.permissionAsked).toBe(1);
    const posted = fake.requests.findIndex((request) => new URL(request.url).pathname === "/api/push/subscriptions");
    expect(fake.bodies[posted]).toEqual(FAKE_SUBSCRIPTION);
  });

  it("stays away for 30 days after 'Not now', for that person on this device", async () => {
    await signInAna();
    fakePushDevice();
    server();
    renderForm();
    await issueFine();
    await userEvent.setup().click(await screen.findByRole("button", { name: "Not now" }));
    await waitFor(() => expect(screen.queryByText(QUESTION)).not.toBeInTheDocument());
    dismissToasts();

    await issueFine();
    expect(screen.queryByText(QUESTION)).not.toBeInTheDocument();
  });

  it("asks again once 30 days have passed since 'Not now'", async () => {
    await signInAna();
    fakePushDevice();
    server();
    rememberNotNow(ANA, Date.now() - 30 * DAY_MS);
    renderForm();
    await issueFine();
    expect(await screen.findByText(QUESTION)).toBeInTheDocument();
  });

  it("is not offered when the browser has blocked notifications, or already allows them", async () => {
    await signInAna();
    const device = fakePushDevice({ permission: "denied" });
    server();
    renderForm();
    await issueFine();
    device.permission = "granted";
    dismissToasts();
    await issueFine();
    expect(screen.queryByText(QUESTION)).not.toBeInTheDocument();
  });

  it("is not offered where no service worker controls the page, which could not subscribe", async () => {
    await signInAna();
    fakePushDevice({ controlled: false });
    server();
    renderForm();
    await issueFine();
    expect(screen.queryByText(QUESTION)).not.toBeInTheDocument();
  });

  it("is not offered where the browser has no push", async () => {
    await signInAna();
    server();
    renderForm();
    await issueFine();
    expect(screen.queryByText(QUESTION)).not.toBeInTheDocument();
  });
});
