import { afterEach, describe, expect, it } from "vitest";
import { screen, within } from "@testing-library/react";
import { Route } from "react-router";
import { awayEndsAt, awayLabel, utcDate } from "@housemate/contract";
import { respondWith, serverUser } from "@/lib/testing/fake-server";
import { HOUSEHOLD_ID, renderApp, resetApp, signIn } from "../testing/render-app";
import { HouseholdMembersCard } from "./household-members-card";

/** A housemate of the household away through `until` (a UTC day). */
const awayMember = (id: string, name: string, until: string) =>
  serverUser({
    id,
    display_name: name,
    household_id: HOUSEHOLD_ID,
    away_until: until,
    away_ends_at: awayEndsAt(until, "UTC").toISOString(),
  });

afterEach(() => resetApp());

describe("the Housemates card on a phone", () => {
  it("shows a first name under each face and keeps '(you)' in sight; a screen reader hears the whole name", async () => {
    await signIn({ id: "u1", household_id: HOUSEHOLD_ID });
    respondWith({
      "GET /api/users": {
        body: {
          data: [
            serverUser({ id: "u1", display_name: "Ana Lopez", household_id: HOUSEHOLD_ID }),
            serverUser({ id: "u2", email: "bo@example.com", display_name: "", household_id: HOUSEHOLD_ID }),
          ],
        },
      },
    });
    renderApp(<Route path="/dashboard" element={<HouseholdMembersCard />} />, ["/dashboard"]);
    const list = await screen.findByRole("list", { name: "Housemates" });
    const [ana, bo] = within(list).getAllByRole("listitem");
    // jsdom lays nothing out: what a phone hides is what carries `max-sm:sr-only`, and only the rest of a name does.
    const visibleOnPhone = (item: HTMLElement | undefined) =>
      [...(item?.querySelectorAll("span") ?? [])]
        .filter((span) => !span.closest(".max-sm\\:sr-only") && !span.closest('[role="img"]'))
        .map((span) =>
          [...span.childNodes].filter((node) => node.nodeType === Node.TEXT_NODE).map((node) => node.textContent),
        )
        .flat()
        .join("");
    expect(visibleOnPhone(ana)).toBe("Ana (you)");
    expect(visibleOnPhone(bo)).toBe("bo");
    expect(ana).toHaveTextContent("Ana Lopez (you)");
    expect(bo).toHaveTextContent("bo@example.com");
  });

  it("says who is away, only while they are away: a badge where there is room, 'Away' under the face on a phone", async () => {
    await signIn({ id: "u1", household_id: HOUSEHOLD_ID });
    const inTwoDays = new Date();
    inTwoDays.setUTCDate(inTwoDays.getUTCDate() + 2);
    const until = utcDate(inTwoDays);
    const yesterday = utcDate(new Date(Date.now() - 24 * 3_600_000));
    respondWith({
      "GET /api/users": {
        body: {
          data: [
            serverUser({
              id: "u1",
              display_name: "Ana",
              household_id: HOUSEHOLD_ID,
              away_until: "2020-01-01",
              away_ends_at: "2020-01-02T00:00:00.000Z",
            }),
            awayMember("u2", "Blair", until),
            // Away through yesterday's date where that day has an hour to go (Pago Pago, behind UTC): still away, as
            // `away_ends_at` says, whatever the viewer's calendar reads.
            serverUser({
              id: "u3",
              display_name: "Cleo",
              household_id: HOUSEHOLD_ID,
              away_until: yesterday,
              away_ends_at: new Date(Date.now() + 3_600_000).toISOString(),
            }),
            // A date still ahead that has ended all the same (an end the server wrote): back.
            serverUser({
              id: "u4",
              display_name: "Dev",
              household_id: HOUSEHOLD_ID,
              away_until: until,
              away_ends_at: "2020-01-02T00:00:00.000Z",
            }),
          ],
        },
      },
    });
    renderApp(<Route path="/dashboard" element={<HouseholdMembersCard />} />, ["/dashboard"]);
    const list = await screen.findByRole("list", { name: "Housemates" });
    const [ana, blair, cleo, dev] = within(list).getAllByRole("listitem");
    expect(within(blair as HTMLElement).getAllByText(awayLabel(until)).length).toBeGreaterThan(0);
    expect(within(blair as HTMLElement).getByText("Away")).toHaveAttribute("aria-hidden", "true");
    // Back since 2020: the date is kept, nothing says away.
    expect(ana).not.toHaveTextContent("Away");
    expect(within(cleo as HTMLElement).getAllByText(awayLabel(yesterday)).length).toBeGreaterThan(0);
    expect(dev).not.toHaveTextContent("Away");
  });

  it("shows one's own 'Away' under '(you)', the name's cell growing to three lines rather than cutting it off", async () => {
    await signIn({ id: "u1", household_id: HOUSEHOLD_ID });
    const inTwoDays = new Date();
    inTwoDays.setUTCDate(inTwoDays.getUTCDate() + 2);
    const until = utcDate(inTwoDays);
    respondWith({
      "GET /api/users": {
        body: {
          data: [awayMember("u1", "Ana", until)],
        },
      },
    });
    renderApp(<Route path="/dashboard" element={<HouseholdMembersCard />} />, ["/dashboard"]);
    const list = await screen.findByRole("list", { name: "Housemates" });
    const [ana] = within(list).getAllByRole("listitem");
    const you = within(ana as HTMLElement).getByText("(you)", { exact: false });
    const away = within(ana as HTMLElement).getByText("Away");
    // Each its own line under the first name (jsdom lays nothing out: the phone's `block`s), in one cell...
    expect(you).toHaveClass("max-sm:block");
    expect(away.parentElement).toHaveClass("max-sm:block");
    const cell = you.parentElement;
    expect(cell).toContainElement(away);
    // ...which is at least, not exactly, two lines tall: a fixed height cut 'Away' off (the browser journey measures it).
    expect(cell).toHaveClass("max-sm:min-h-8");
    expect(cell).not.toHaveClass("max-sm:h-8");
  });
});
