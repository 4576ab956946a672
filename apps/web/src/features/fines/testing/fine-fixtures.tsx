import type { ReactNode } from "react";
import { render } from "@testing-library/react";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { MemoryRouter } from "react-router";
import { toast, Toaster } from "sonner";
import { PRO_FEATURES, type Appeal, type Dispute, type Fine, type HouseholdPlan, type Rule } from "@housemate/contract";
import { FineViewerProvider, type FineViewer } from "../components/fine-viewer";

export const HOUSEHOLD_ID = "11111111-1111-4111-8111-111111111111";
export const ANA = "aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa";
export const BEN = "bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb";
/** A third member: with three, the house can decide an appeal (issue 21). */
export const CASEY = "dddddddd-dddd-4ddd-8ddd-dddddddddddd";
export const RULE_ID = "cccccccc-cccc-4ccc-8ccc-cccccccccccc";

let sequence = 0;

/** A fine as the server sends it: Ana fined Ben £2.50 under 'Dishes left overnight', pending. */
export function buildFine(overrides: Partial<Fine> = {}): Fine {
  sequence += 1;
  return {
    id: `fine-${sequence}`,
    household_id: HOUSEHOLD_ID,
    offender_id: BEN,
    created_by: ANA,
    rule_id: RULE_ID,
    amount: 2.5,
    status: "pending",
    description: "Pans left in the sink",
    created_at: "2026-03-04T12:00:00.000Z",
    updated_at: "2026-03-04T12:00:00.000Z",
    paid_at: null,
    dispute_rejected: false,
    evidence: null,
    cancel_reason: null,
    declined_at: null,
    appeal: null,
    // The issuer reviews a dispute unless the review was handed on (decision 032).
    reviewer_id: overrides.created_by === undefined ? ANA : overrides.created_by,
    ...overrides,
  };
}

export function buildRule(overrides: Partial<Rule> = {}): Rule {
  return {
    id: RULE_ID,
    household_id: HOUSEHOLD_ID,
    title: "Dishes left overnight",
    description: "Wash up before bed.",
    fine_amount: 2.5,
    created_by: ANA,
    created_at: "2026-03-01T12:00:00.000Z",
    updated_at: "2026-03-01T12:00:00.000Z",
    ...overrides,
  };
}

export function buildDispute(fine: Fine, overrides: Partial<Dispute> = {}): Dispute {
  return {
    id: "dispute-1",
    fine_id: fine.id,
    reason: "They were soaking",
    explanation: "They were soaking",
    status: "pending",
    reviewer_note: null,
    created_at: "2026-03-05T12:00:00.000Z",
    updated_at: "2026-03-05T12:00:00.000Z",
    ...overrides,
  };
}

/**
 * Issue 21: Ben's appeal of Ana's fine, open until Mar 14, with Casey the one voter who has not voted yet. Give `fine`
 * the same appeal (`appealOn`) so the card and Fine Details agree.
 */
export function buildAppeal(fine: Fine, overrides: Partial<Appeal> = {}): Appeal {
  return {
    id: `appeal-${fine.id}`,
    fine_id: fine.id,
    household_id: fine.household_id,
    reason: "Casey saw me wash up",
    status: "open",
    outcome_reason: null,
    opened_by: fine.offender_id,
    created_at: "2026-03-11T10:00:00.000Z",
    closes_at: "2026-03-14T10:00:00.000Z",
    decided_at: null,
    voters: 1,
    votes_cast: 0,
    my_vote: null,
    can_vote: false,
    tally: null,
    votes: null,
    ...overrides,
  };
}

/** The fine's own note of its appeal, as the server presents it. */
export const appealOn = (appeal: Appeal): Fine["appeal"] => ({
  id: appeal.id,
  status: appeal.status,
  closes_at: appeal.closes_at,
});

/** A household's plan (issue 21): Pro's features by default; `features: []` is Basic's. */
export function buildPlan(overrides: Partial<HouseholdPlan> = {}): HouseholdPlan {
  return {
    plans: true,
    plan: "pro",
    limits: { members: 10, rules: null },
    usage: { members: 3, rules: 1 },
    allows: { join: true, add_rule: true, edit_rules: true },
    features: [...PRO_FEATURES],
    subscription: null,
    ...overrides,
  };
}

const NAMES: Record<string, string> = { [ANA]: "Ana", [BEN]: "Ben", [CASEY]: "Casey" };

/** The viewer as the app layer would build it; Ben by default (the offender of buildFine's fines). */
export function viewerAs(userId: string, overrides: Partial<FineViewer> = {}): FineViewer {
  return {
    householdId: HOUSEHOLD_ID,
    userId,
    currency: "GBP",
    memberName: (id) => (id === userId ? "you" : (id && NAMES[id]) || "Former member"),
    ruleTitle: (id) => (id === RULE_ID ? "Dishes left overnight" : undefined),
    person: (id) => ({ name: (id && NAMES[id]) || "Former member", photoUrl: null }),
    peopleKnown: true,
    // Ana and Ben: no appeal is offered unless a test adds Casey.
    memberCount: 2,
    ...overrides,
  };
}

/** Renders fines components as the app does: a fresh query cache, a router, toasts and a viewer. */
export function renderFines(ui: ReactNode, viewer: FineViewer = viewerAs(BEN)) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const wrap = (children: ReactNode) => (
    <QueryClientProvider client={queryClient}>
      <MemoryRouter>
        <FineViewerProvider value={viewer}>{children}</FineViewerProvider>
      </MemoryRouter>
      <Toaster />
    </QueryClientProvider>
  );
  const view = render(wrap(ui));
  return { ...view, queryClient, rerender: (next: ReactNode) => view.rerender(wrap(next)) };
}

/** Sonner keeps its toasts module-wide and replays them to the next test's Toaster. */
export function dismissToasts() {
  toast.dismiss();
}

/**
 * Answers a list route as the server's paging does (decision 022), from `fines` given newest first: filtered by
 * `status`, `created_by` and `reviewer`, a page of `limit` (10 by default) from the `cursor` (here simply the position of the
 * next page's first fine), with the totals of the whole filtered list.
 */
export function finePages(fines: readonly Fine[]) {
  return (url: URL) => {
    const status = url.searchParams.get("status");
    const createdBy = url.searchParams.get("created_by");
    const limit = Number(url.searchParams.get("limit") ?? 10);
    const start = Number(url.searchParams.get("cursor") ?? 0);
    const reviewer = url.searchParams.get("reviewer");
    const scope = fines.filter(
      (fine) => (!createdBy || fine.created_by === createdBy) && (!reviewer || fine.reviewer_id === reviewer),
    );
    const matching = scope.filter((fine) => !status || fine.status === status);
    const count = (wanted: Fine["status"]) => scope.filter((fine) => fine.status === wanted).length;
    return {
      body: {
        data: matching.slice(start, start + limit),
        page: {
          total: matching.length,
          amount: matching.reduce((sum, fine) => sum + Math.round(fine.amount * 100), 0) / 100,
          next_cursor: start + limit < matching.length ? String(start + limit) : null,
          by_status: {
            pending: count("pending"),
            paid: count("paid"),
            disputed: count("disputed"),
            cancelled: count("cancelled"),
          },
        },
      },
    };
  };
}
