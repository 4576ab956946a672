import { afterEach, describe, expect, it, vi } from "vitest";
import { fireEvent, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { AWAY_PAST_MESSAGE, AWAY_TOO_FAR_MESSAGE, awayEndsAt, awayLabel, utcDate } from "@housemate/contract";
import { useAuthStore } from "@/lib/auth/auth-store";
import { respondWith, serverUser, type FakeAnswer } from "@/lib/testing/fake-server";
import { HOUSEHOLD_ID, renderProfile, resetProfile, signInBen, USER_ID } from "../testing/render-profile";
import { AwayCard } from "./away-card";

/** The UTC date `days` from today, as the date input writes it. */
function daysFromToday(days: number): string {
  const date = new Date();
  date.setUTCDate(date.getUTCDate() + days);
  return utcDate(date);
}

/** Away through `awayUntil` in `timeZone`, as the server answers it. */
const awayThrough = (awayUntil: string | null, timeZone = "UTC") => ({
  away_until: awayUntil,
  away_ends_at: awayUntil === null ? null : awayEndsAt(awayUntil, timeZone).toISOString(),
});

/** PUT /users/{id} answering with Ben as he would be saved: away until what was sent. */
const savedAway = (awayUntil: string | null, timeZone?: string): FakeAnswer => ({
  body: {
    data: serverUser({
      id: USER_ID,
      display_name: "Ben Hall",
      household_id: HOUSEHOLD_ID,
      ...awayThrough(awayUntil, timeZone),
    }),
  },
});

function AwayOfSignedIn({ timeZone }: { timeZone?: string }) {
  const awayUntil = useAuthStore((state) => state.currentUser?.away_until ?? null);
  const awayEndsAt = useAuthStore((state) => state.currentUser?.away_ends_at ?? null);
  return <AwayCard awayUntil={awayUntil} awayEndsAt={awayEndsAt} timeZone={timeZone} />;
}

const dateField = () => screen.getByLabelText("I'm away until");

afterEach(async () => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  await resetProfile();
});

describe("Profile: away mode", () => {
  it("refuses a day that has passed, or one too far ahead, before sending anything", async () => {
    await signInBen();
    const fake = respondWith({});
    renderProfile(<AwayOfSignedIn />);
    const user = userEvent.setup();
    expect(dateField()).toHaveAttribute("min", daysFromToday(0));
    expect(dateField()).toHaveAttribute("max", daysFromToday(365));

    fireEvent.change(dateField(), { target: { value: daysFromToday(-1) } });
    await user.click(screen.getByRole("button", { name: "Save" }));
    expect(screen.getByRole("alert")).toHaveTextContent(AWAY_PAST_MESSAGE);
    expect(dateField()).toHaveAccessibleDescription(AWAY_PAST_MESSAGE);

    fireEvent.change(dateField(), { target: { value: daysFromToday(366) } });
    await user.click(screen.getByRole("button", { name: "Save" }));
    expect(screen.getByRole("alert")).toHaveTextContent(AWAY_TOO_FAR_MESSAGE);
    expect(fake.requests.filter((request) => request.method === "PUT")).toHaveLength(0);
  });

  it("saves the last day away, then 'I'm back' clears it", async () => {
    await signInBen();
    const until = daysFromToday(10);
    renderProfile(<AwayOfSignedIn />);
    const user = userEvent.setup();
    expect(screen.queryByRole("button", { name: "I'm back" })).not.toBeInTheDocument();

    const saved = respondWith({ [`PUT /api/users/${USER_ID}`]: savedAway(until) });
    fireEvent.change(dateField(), { target: { value: until } });
    await user.click(screen.getByRole("button", { name: "Save" }));
    expect(saved.bodies.at(-1)).toEqual({
      away_until: until,
      away_time_zone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    });
    expect(await screen.findByText(awayLabel(until))).toBeInTheDocument();
    expect(screen.getByText(`${awayLabel(until)}. Housemates cannot fine you and reminders are paused.`)).toBeVisible();
    expect(useAuthStore.getState().currentUser?.away_until).toBe(until);

    // The end the server answered is kept with the date: the card and the badges ask it whether they are away.
    expect(useAuthStore.getState().currentUser?.away_ends_at).toBe(awayEndsAt(until, "UTC").toISOString());

    const back = respondWith({ [`PUT /api/users/${USER_ID}`]: savedAway(null) });
    await user.click(screen.getByRole("button", { name: "I'm back" }));
    expect(await screen.findByText("Welcome back")).toBeInTheDocument();
    expect(back.bodies.at(-1)).toEqual({ away_until: null });
    expect(useAuthStore.getState().currentUser?.away_until).toBeNull();
    expect(screen.queryByRole("button", { name: "I'm back" })).not.toBeInTheDocument();
    expect(dateField()).toHaveValue("");
    expect(dateField()).toHaveFocus();
  });

  it("shows the server's message when it refuses the date (its clock has the last word)", async () => {
    await signInBen();
    respondWith({
      [`PUT /api/users/${USER_ID}`]: {
        status: 400,
        body: { error: { message: AWAY_PAST_MESSAGE, code: "VALIDATION_ERROR", requestId: "r1" } },
      },
    });
    renderProfile(<AwayOfSignedIn />);
    fireEvent.change(dateField(), { target: { value: daysFromToday(0) } });
    await userEvent.setup().click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(AWAY_PAST_MESSAGE);
  });

  it("reads today in the person's zone: 20:00 on Friday in New York is still Friday, though UTC says Saturday", async () => {
    vi.useFakeTimers({ toFake: ["Date"], now: new Date("2026-12-05T01:00:00Z") });
    await signInBen();
    const saved = respondWith({ [`PUT /api/users/${USER_ID}`]: savedAway("2026-12-04", "America/New_York") });
    renderProfile(<AwayOfSignedIn timeZone="America/New_York" />);
    expect(dateField()).toHaveAttribute("min", "2026-12-04");
    expect(dateField()).toHaveAttribute("max", "2027-12-04");

    fireEvent.change(dateField(), { target: { value: "2026-12-04" } });
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText(awayLabel("2026-12-04"))).toBeInTheDocument();
    expect(saved.bodies.at(-1)).toEqual({ away_until: "2026-12-04", away_time_zone: "America/New_York" });
    // Away until midnight in New York, 05:00 UTC: 'I'm back' is there until then.
    expect(screen.getByRole("button", { name: "I'm back" })).toBeVisible();
  });

  it("shows a date that has passed as back: no date, no 'I'm back'", async () => {
    await signInBen(awayThrough(daysFromToday(-2)));
    respondWith({});
    renderProfile(<AwayOfSignedIn />);
    expect(dateField()).toHaveValue("");
    expect(screen.queryByRole("button", { name: "I'm back" })).not.toBeInTheDocument();
  });
});
