import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { NOTIFICATION_TYPES } from "@housemate/contract";
import { respondWith, type FakeAnswer } from "@/lib/testing/fake-server";
import { renderSignedIn, resetNotifications, signInMember } from "../testing/render-signed-in";
import { useNotificationPreferences } from "./get-notification-preferences";
import { useUpdateNotificationPreference } from "./update-notification-preference";

const allOn = Object.fromEntries(
  NOTIFICATION_TYPES.map(({ id }) => [id, { in_app_enabled: true, email_enabled: true }]),
);
const failure: FakeAnswer = { status: 500, body: { error: { message: "Boom", code: "INTERNAL", requestId: "r1" } } };

/** The smallest screen that uses the hooks the way Profile → Preferences does. */
function FineEmailSwitch() {
  const preferences = useNotificationPreferences();
  const update = useUpdateNotificationPreference();
  const current = preferences.data?.fine_received;
  if (!current) return null;
  return (
    <label>
      <input
        type="checkbox"
        checked={current.email_enabled}
        onChange={(event) =>
          update.mutate({ typeId: "fine_received", preference: { ...current, email_enabled: event.target.checked } })
        }
      />
      Email me about fines
    </label>
  );
}

beforeEach(signInMember);
afterEach(async () => {
  vi.unstubAllGlobals();
  await resetNotifications();
});

describe("notification preferences", () => {
  it("switches at once, saves, and confirms", async () => {
    const server = respondWith({
      "GET /api/notifications/preferences": { body: { data: allOn } },
      "PUT /api/notifications/preferences/fine_received": {
        body: { data: { in_app_enabled: true, email_enabled: false } },
      },
    });
    renderSignedIn(<FineEmailSwitch />);
    await userEvent.setup().click(await screen.findByRole("checkbox", { name: "Email me about fines" }));

    expect(screen.getByRole("checkbox", { name: "Email me about fines" })).not.toBeChecked();
    expect(await screen.findByText("Notification preference updated")).toBeInTheDocument();
    expect(server.bodies.at(-1)).toEqual({ in_app_enabled: true, email_enabled: false });
  });

  it("switches back with a toast when the server refuses", async () => {
    respondWith({
      "GET /api/notifications/preferences": { body: { data: allOn } },
      "PUT /api/notifications/preferences/fine_received": failure,
    });
    renderSignedIn(<FineEmailSwitch />);
    await userEvent.setup().click(await screen.findByRole("checkbox", { name: "Email me about fines" }));

    expect(await screen.findByText("Failed to update notification preference")).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole("checkbox", { name: "Email me about fines" })).toBeChecked());
  });

  it("says so when the preferences cannot be loaded", async () => {
    respondWith({ "GET /api/notifications/preferences": failure });
    renderSignedIn(<FineEmailSwitch />);
    expect(await screen.findByText("Failed to load notification preferences")).toBeInTheDocument();
  });
});
