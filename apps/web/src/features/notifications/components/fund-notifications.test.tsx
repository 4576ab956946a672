import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { respondWith } from "@/lib/testing/fake-server";
import {
  buildNotification,
  listBody,
  renderSignedIn,
  resetNotifications,
  signInMember,
} from "../testing/render-signed-in";
import { NotificationsBell } from "./notifications-bell";

beforeEach(signInMember);
afterEach(async () => {
  vi.unstubAllGlobals();
  await resetNotifications();
});

describe("the fund's notifications (issue 17)", () => {
  it("list a spending proposed and a spending decided, each with the fund's dot, and mark them read like any other", async () => {
    const proposed = buildNotification({
      type_id: "spending_proposed",
      title: "Spending proposed",
      message: "Blair proposed Pizza night (£5.00)",
    });
    const decided = buildNotification({
      type_id: "spending_decided",
      title: "Spending passed",
      message: "Pizza night (£5.00) was paid from the fund",
      is_read: true,
    });
    const server = respondWith({
      "GET /api/notifications": { body: listBody([proposed, decided]) },
      [`PUT /api/notifications/${proposed.id}/read`]: { body: { data: { ...proposed, is_read: true } } },
    });
    renderSignedIn(<NotificationsBell />);
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: /^Notifications/ }));
    const panel = await screen.findByRole("dialog", { name: "Notifications" });

    const [first, second] = (await within(panel).findAllByRole("listitem")) as [HTMLElement, HTMLElement];
    expect(first).toHaveTextContent("Blair proposed Pizza night (£5.00)");
    expect(first.querySelector("[aria-hidden='true']")).toHaveClass("bg-emerald-500");
    expect(second).toHaveTextContent("Pizza night (£5.00) was paid from the fund");
    expect(second.querySelector("[aria-hidden='true']")).toHaveClass("bg-emerald-600");

    await user.click(within(first).getByRole("button"));
    await waitFor(() =>
      expect(server.requests.map((request) => `${request.method} ${new URL(request.url).pathname}`)).toContain(
        `PUT /api/notifications/${proposed.id}/read`,
      ),
    );
  });
});
