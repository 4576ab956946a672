import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { act, screen } from "@testing-library/react";
import { Route } from "react-router";
import { ACCESS_ENDED_MESSAGES } from "@housemate/contract";
import { useAuthStore } from "@/lib/auth/auth-store";
import { respondWith, serverUser } from "@/lib/testing/fake-server";
import { FakeWebSocket } from "@/lib/testing/fake-websocket";
import { layOutAs } from "@/lib/testing/media";
import { queryClient } from "@/lib/query-client";
import {
  activityQueryKey,
  fundProposalsQueryKey,
  fundTransactionsQueryKey,
  householdBalanceQueryKey,
  insightsQueryKey,
} from "@/lib/query-keys";
import { fineScopeKey } from "@/features/fines/api/get-fines";
import { getHouseholdQueryOptions } from "@/features/households/api/get-household";
import { Here, HOUSEHOLD_ID, renderApp, resetApp, signIn } from "@/features/households/testing/render-app";
import { Component as Protected } from "./routes/protected";
import { Component as Shell } from "./routes/shell";

const OTHER_HOUSEHOLD_ID = "33333333-3333-4333-8333-333333333333";
const household = (name: string) => ({
  id: HOUSEHOLD_ID,
  name,
  created_by: "u1",
  iso_4217_code: "GBP",
  created_at: "2026-01-01T00:00:00.000Z",
  join_code: HOUSEHOLD_ID,
  join_by_id: true,
});

/** The household's name as the server has it now: a test renames it 'elsewhere'. */
let serverName = "The Cozy Flat";
const calls = (requests: Request[], path: string) =>
  requests.filter((request) => new URL(request.url).pathname === path).length;
const BALANCE = `/api/balance/household/${HOUSEHOLD_ID}/balance`;
const householdCalls = (requests: Request[]) => calls(requests, `/api/households/${HOUSEHOLD_ID}`);
const memberCalls = (requests: Request[]) => calls(requests, "/api/users");

/** The shell behind the app's guard, as the router has it, with the socket open. */
async function renderLiveShell(routes: Parameters<typeof respondWith>[0] = {}) {
  const server = respondWith({
    [`GET /api/households/${HOUSEHOLD_ID}`]: () => ({ body: { data: household(serverName) } }),
    "GET /api/users": { body: { data: [serverUser({ household_id: HOUSEHOLD_ID })] } },
    "GET /api/notifications": { body: { data: { notifications: [], total: 0, unread: 0 } } },
    ...routes,
  });
  renderApp(
    <Route element={<Protected />}>
      <Route path="/dashboard" element={<Shell />}>
        <Route index element={<Here name="dashboard page" />} />
      </Route>
      <Route path="/onboarding" element={<Here name="onboarding" />} />
    </Route>,
    ["/dashboard"],
  );
  await vi.waitFor(() => expect(FakeWebSocket.instances).toHaveLength(1));
  const socket = FakeWebSocket.latest();
  act(() => socket.accept());
  await vi.waitFor(() =>
    expect(queryClient.getQueryData(getHouseholdQueryOptions(HOUSEHOLD_ID).queryKey)?.name).toBe(serverName),
  );
  return { server, socket };
}

beforeEach(async () => {
  vi.stubGlobal("WebSocket", FakeWebSocket);
  FakeWebSocket.reset();
  serverName = "The Cozy Flat";
  await signIn({ household_id: HOUSEHOLD_ID, is_admin: true });
});
afterEach(async () => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  await resetApp();
});

describe("the household's live messages in the signed-in shell", () => {
  it("fetches the household, its members and its fines again when it changed elsewhere (a rename shows live)", async () => {
    const { server, socket } = await renderLiveShell();
    const fines = [...fineScopeKey({ household: HOUSEHOLD_ID }), { limit: 10 }];
    for (const queryKey of [fines, householdBalanceQueryKey(HOUSEHOLD_ID)]) queryClient.setQueryData(queryKey, []);
    const before = { household: householdCalls(server.requests), members: memberCalls(server.requests) };

    serverName = "Flat 3B";
    act(() => socket.receive({ type: "household_changed", data: { household_id: HOUSEHOLD_ID } }));

    await vi.waitFor(() =>
      expect(queryClient.getQueryData(getHouseholdQueryOptions(HOUSEHOLD_ID).queryKey)?.name).toBe("Flat 3B"),
    );
    expect(householdCalls(server.requests)).toBe(before.household + 1);
    await vi.waitFor(() => expect(memberCalls(server.requests)).toBe(before.members + 1));
    expect(queryClient.getQueryState(fines)?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(householdBalanceQueryKey(HOUSEHOLD_ID))?.isInvalidated).toBe(true);
  });

  it("fetches the fund's balance, stats, transactions and proposals again when the fund changed (issue 17)", async () => {
    // A desktop: the sidebar's card, which shows the stats, is on screen.
    layOutAs("desktop");
    const { server, socket } = await renderLiveShell({
      [`GET ${BALANCE}`]: { body: { data: { balance: 0 } } },
      [`GET ${BALANCE}/stats`]: { body: { data: { netChange: 0, totalIncome: 0, totalSpent: 0, monthly: [] } } },
    });
    const balanceCalls = () => calls(server.requests, BALANCE);
    const statsCalls = () => calls(server.requests, `${BALANCE}/stats`);
    await vi.waitFor(() => expect([balanceCalls(), statsCalls()]).toEqual([1, 1]));
    const fundKeys = [fundTransactionsQueryKey(HOUSEHOLD_ID, { page: 1 }), fundProposalsQueryKey(HOUSEHOLD_ID, "open")];
    for (const queryKey of fundKeys) queryClient.setQueryData(queryKey, {});
    const fines = [...fineScopeKey({ household: HOUSEHOLD_ID }), { limit: 10 }];
    queryClient.setQueryData(fines, []);

    act(() => socket.receive({ type: "fund_changed", data: { household_id: HOUSEHOLD_ID } }));

    // The House Balance on screen (its figure, change and trend) is asked for again; the rest of the fund goes stale.
    await vi.waitFor(() => expect([balanceCalls(), statsCalls()]).toEqual([2, 2]));
    for (const queryKey of fundKeys) expect(queryClient.getQueryState(queryKey)?.isInvalidated).toBe(true);
    // The fines are not the fund's: they stay as they were.
    expect(queryClient.getQueryState(fines)?.isInvalidated).toBe(false);
  });

  it("fetches the activity log and Insights again when the household's activity changed (issue 20), nothing else", async () => {
    const { socket } = await renderLiveShell();
    const log = [...activityQueryKey(HOUSEHOLD_ID), {}];
    const fines = [...fineScopeKey({ household: HOUSEHOLD_ID }), { limit: 10 }];
    for (const queryKey of [log, insightsQueryKey(HOUSEHOLD_ID), fines]) queryClient.setQueryData(queryKey, {});

    act(() => socket.receive({ type: "activity_changed", data: { household_id: HOUSEHOLD_ID } }));

    await vi.waitFor(() => expect(queryClient.getQueryState(log)?.isInvalidated).toBe(true));
    expect(queryClient.getQueryState(insightsQueryKey(HOUSEHOLD_ID))?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(fines)?.isInvalidated).toBe(false);
  });

  it("sends a removed member to onboarding with the server's message, still signed in, and forgets the household", async () => {
    const { socket } = await renderLiveShell();
    const fines = [...fineScopeKey({ household: HOUSEHOLD_ID }), { limit: 10 }];
    queryClient.setQueryData(fines, []);
    const message = ACCESS_ENDED_MESSAGES.removed;

    act(() =>
      socket.receive({
        type: "household_access_ended",
        data: { household_id: HOUSEHOLD_ID, reason: "removed", message },
      }),
    );

    expect(await screen.findByRole("heading", { name: "onboarding" })).toBeInTheDocument();
    expect(await screen.findByText("You are no longer in the household")).toBeInTheDocument();
    expect(screen.getByText(message)).toBeInTheDocument();
    const { currentUser, isAuthenticated } = useAuthStore.getState();
    expect(isAuthenticated).toBe(true);
    expect(currentUser).toMatchObject({ household_id: null, householdId: null, is_admin: false });
    expect(JSON.parse(localStorage.getItem("user") ?? "{}")).toMatchObject({ household_id: null });
    await vi.waitFor(() => expect(queryClient.getQueryData(fines)).toBeUndefined());
    expect(queryClient.getQueryData(getHouseholdQueryOptions(HOUSEHOLD_ID).queryKey)).toBeUndefined();
    // The socket was the household's: it closes on purpose, and nothing reconnects it.
    expect(socket.closedByClient).not.toBeNull();
  });

  it("leaves someone in their household when the message is about one they had already left", async () => {
    const { socket } = await renderLiveShell();
    const otherFines = [...fineScopeKey({ household: OTHER_HOUSEHOLD_ID }), { limit: 10 }];
    queryClient.setQueryData(otherFines, []);

    act(() =>
      socket.receive({
        type: "household_access_ended",
        data: { household_id: OTHER_HOUSEHOLD_ID, reason: "left", message: ACCESS_ENDED_MESSAGES.left },
      }),
    );

    await vi.waitFor(() => expect(queryClient.getQueryData(otherFines)).toBeUndefined());
    expect(screen.getByRole("heading", { name: "dashboard page" })).toBeInTheDocument();
    expect(useAuthStore.getState().currentUser?.household_id).toBe(HOUSEHOLD_ID);
  });
});
