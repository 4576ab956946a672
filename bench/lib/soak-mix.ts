import { performance } from "node:perf_hooks";
import WebSocket from "ws";
import { z } from "zod";
import type { Fixture } from "./seed.js";

/** SPEC §7: every call of the client has a 10-second time-out. */
const CLIENT_TIMEOUT_MS = 10_000;

/** A seeded member as the soak drives them: their session, and their live socket kept open. */
export interface Person {
  id: string;
  token: string;
  /** Socket messages received. */
  messages: number;
  socket: WebSocket | null;
}

interface SoakFine {
  id: string;
  issuer: Person;
  offender: Person;
  status: "pending" | "paid" | "disputed" | "done";
  disputeId?: string;
}

/** A seeded household, and the fines and notes the soak has added to it (its seeded history is left alone). */
export interface Flat {
  id: string;
  people: Person[];
  ruleIds: string[];
  fines: SoakFine[];
  notes: string[];
}

/** One call as the client makes it: the answer's status (0 for a network error, 408 for a time-out), data and time. */
export interface Answer {
  status: number;
  data: unknown;
  ms: number;
  /** Method and route with ids and the query taken out, for the per-route figures. */
  label: string;
}

export interface SocketStats {
  reconnects: number;
  stopping: boolean;
}

const created = z.object({ id: z.string() });
const disputed = z.object({ dispute: created });
const pick = <T>(list: readonly T[]): T => list[Math.floor(Math.random() * list.length)] as T;

/** The seeded households as the soak's flats, each member with no socket yet. */
export function flatsOf(fixture: Fixture): Flat[] {
  return fixture.households.map((household) => ({
    id: household.id,
    people: household.members.map((member) => ({ ...member, messages: 0, socket: null })),
    ruleIds: household.ruleIds,
    fines: [],
    notes: [],
  }));
}

async function call(base: string, person: Person, method: string, route: string, body?: object): Promise<Answer> {
  const started = performance.now();
  let status: number;
  let data: unknown = null;
  try {
    const res = await fetch(`${base}/api${route}`, {
      method,
      headers: { "content-type": "application/json", authorization: `Bearer ${person.token}` },
      body: body === undefined ? null : JSON.stringify(body),
      signal: AbortSignal.timeout(CLIENT_TIMEOUT_MS),
    });
    status = res.status;
    const text = await res.text();
    data = text ? (JSON.parse(text) as { data?: unknown }).data : null;
  } catch (error) {
    status = error instanceof Error && error.name === "TimeoutError" ? 408 : 0;
  }
  const label = `${method} ${route.replace(/[0-9a-f]{8}-[0-9a-f-]{27}/g, ":id").replace(/\?.*/, "")}`;
  return { status, data, ms: performance.now() - started, label };
}

/** Opens the person's live socket and keeps it open (reconnecting a second later, as the web app does). */
export function connect(base: string, person: Person, stats: SocketStats): void {
  const socket = new WebSocket(`${base.replace("http", "ws")}/ws?token=${person.token}`);
  person.socket = socket;
  socket.on("message", () => person.messages++);
  socket.on("error", () => {});
  socket.on("close", () => {
    if (stats.stopping) return;
    stats.reconnects++;
    setTimeout(() => connect(base, person, stats), 1_000);
  });
}

/** One realistic step: mostly looking at the dashboard, sometimes fining, paying, disputing, reviewing, notes. */
export async function step(base: string, flats: Flat[]): Promise<Answer> {
  const flat = pick(flats);
  const me = pick(flat.people);
  const roll = Math.random();
  const fineUrl = (fine: SoakFine) => `/fines/household/${flat.id}/fines/${fine.id}`;
  if (roll < 0.55) {
    const route = pick([
      `/households/${flat.id}`,
      `/fines/household/${flat.id}?limit=20`,
      `/balance/household/${flat.id}/balance`,
      `/balance/household/${flat.id}/balance/stats`,
      "/notifications",
      "/sticky-notes",
      `/rules/household/${flat.id}`,
      `/users?householdId=${flat.id}`,
      `/fines/user/${me.id}`,
    ]);
    return call(base, me, "GET", route);
  }
  if (roll < 0.65) {
    const offender = pick(flat.people.filter((person) => person !== me));
    const body = {
      household_id: flat.id,
      offender_id: offender.id,
      rule_id: pick(flat.ruleIds),
      amount: 2.5,
      description: "Pans in the sink",
    };
    const res = await call(base, me, "POST", "/fines", body);
    const fine = created.safeParse(res.data);
    if (res.status === 201 && fine.success)
      flat.fines.push({ id: fine.data.id, issuer: me, offender, status: "pending" });
    return res;
  }
  if (roll < 0.72) {
    const fine = flat.fines.find((f) => f.status === "pending");
    if (!fine) return call(base, me, "GET", "/notifications");
    fine.status = "paid";
    return call(base, fine.offender, "PUT", `${fineUrl(fine)}/pay`);
  }
  if (roll < 0.76) {
    const fine = flat.fines.find((f) => f.status === "pending");
    if (!fine) return call(base, me, "GET", "/sticky-notes");
    const res = await call(base, fine.offender, "POST", `${fineUrl(fine)}/disputes`, {
      reason: "I washed them in the morning",
    });
    const dispute = disputed.safeParse(res.data);
    if (res.status === 201 && dispute.success)
      Object.assign(fine, { status: "disputed", disputeId: dispute.data.dispute.id });
    else fine.status = "done";
    return res;
  }
  if (roll < 0.8) {
    const fine = flat.fines.find((f) => f.status === "disputed");
    if (!fine?.disputeId) return call(base, me, "GET", `/balance/household/${flat.id}/balance`);
    fine.status = "done";
    const review = { action: pick(["accept", "decline"]), reason: "Seen them at midnight" };
    return call(base, fine.issuer, "PUT", `${fineUrl(fine)}/disputes/${fine.disputeId}`, review);
  }
  if (roll < 0.9) {
    // The soak's notes stay few: beyond 30, the oldest goes.
    const oldest = flat.notes.length > 30 ? flat.notes.shift() : undefined;
    if (oldest) return call(base, me, "DELETE", `/sticky-notes/${oldest}`);
    const res = await call(base, me, "POST", "/sticky-notes", {
      content: `Bins out on ${pick(["Monday", "Tuesday", "Friday"])}`,
    });
    const note = created.safeParse(res.data);
    if (res.status === 201 && note.success) flat.notes.push(note.data.id);
    return res;
  }
  if (roll < 0.96) return call(base, me, "PUT", "/notifications/read-all");
  const rule = { description: `Wash up the same day (${Math.floor(Math.random() * 1000)})` };
  return call(base, me, "PUT", `/rules/${flat.ruleIds[0] ?? ""}`, rule);
}
