import type { RequestParams } from "autocannon";
import { INSIGHTS_HISTORY, type Fixture, type HouseholdFixture, type MemberFixture } from "../lib/seed.js";
import type { HttpLoadSpec } from "./http-spec.js";

interface Signed {
  member: MemberFixture;
  household: HouseholdFixture;
}

/** Every member of every household, interleaved so that consecutive requests land in different households. */
export function everyone(fixture: Fixture): Signed[] {
  const most = Math.max(...fixture.households.map((household) => household.members.length));
  const people: Signed[] = [];
  for (let m = 0; m < most; m++) {
    for (const household of fixture.households) {
      const member = household.members[m];
      if (member) people.push({ member, household });
    }
  }
  return people;
}

const bearer = (member: MemberFixture) => ({ authorization: `Bearer ${member.token}` });
/** What a browser sends: the dashboard is measured with compression as people get it. */
const browser = { "accept-encoding": "gzip, deflate, br" };
const json = { "content-type": "application/json" };

/** The calls the signed-in dashboard makes on load (shell, cards, notes, bell), for one member. */
const dashboardCalls = ({ member, household }: Signed): string[] => [
  `/api/users/${member.id}`,
  `/api/households/${household.id}`,
  `/api/users?householdId=${household.id}`,
  `/api/fines/user/${member.id}`,
  `/api/fines/household/${household.id}`,
  `/api/balance/household/${household.id}/balance`,
  `/api/sticky-notes`,
  `/api/notifications`,
];

function issueFrom(issuer: Signed, offender: MemberFixture, n: number): RequestParams {
  const ruleId = issuer.household.ruleIds[n % issuer.household.ruleIds.length];
  return {
    method: "POST",
    path: "/api/fines",
    headers: { ...bearer(issuer.member), ...json },
    body: JSON.stringify({
      offender_id: offender.id,
      rule_id: ruleId,
      amount: 2.5,
      description: "Left the hob on again.",
      household_id: issuer.household.id,
      created_by: issuer.member.id,
      evidence: { note: "Seen by two of us." },
    }),
  };
}

/** The request builder autocannon calls before each request of a scenario. */
export function requestsFor(spec: HttpLoadSpec, fixture: Fixture): (request: RequestParams) => RequestParams {
  const people = everyone(fixture);
  let n = 0;
  const next = () => n++;

  switch (spec.scenario) {
    case "list":
    case "baseline-list":
      // As the web app asks for Recent Activity: no query, the first page (decision 022).
      return (request) => {
        const { member, household } = people[next() % people.length] as Signed;
        return { ...request, method: "GET", path: `/api/fines/household/${household.id}`, headers: bearer(member) };
      };
    case "dashboard":
      return (request) => {
        const i = next();
        const who = people[Math.floor(i / 8) % people.length] as Signed;
        const path = dashboardCalls(who)[i % 8] ?? "/api/health";
        return { ...request, method: "GET", path, headers: { ...bearer(who.member), ...browser } };
      };
    case "issue":
      return (request) => {
        const i = next();
        const issuer = people[i % people.length] as Signed;
        const others = issuer.household.members.filter((member) => member !== issuer.member);
        return { ...request, ...issueFrom(issuer, others[i % others.length] as MemberFixture, i) };
      };
    case "pay": {
      const payables = fixture.payables[spec.payRun ?? 0] ?? [];
      return (request) => {
        const payable = payables[next() % payables.length];
        if (!payable) throw new Error("no payable fines left for this run");
        return {
          ...request,
          method: "PUT",
          path: `/api/fines/household/${payable.householdId}/fines/${payable.fineId}/pay`,
          headers: { authorization: `Bearer ${payable.token}` },
        };
      };
    }
    case "insights": {
      // Issue 20: the Insights page's one call, by the members of the 5,000-fine household in turn.
      const history = fixture.signedIn.find((household) => household.fines === INSIGHTS_HISTORY);
      if (!history) throw new Error(`no household of ${INSIGHTS_HISTORY} fines seeded`);
      const { household } = history;
      return (request) => {
        const member = household.members[next() % household.members.length] as MemberFixture;
        return { ...request, method: "GET", path: `/api/households/${household.id}/insights`, headers: bearer(member) };
      };
    }
    case "signed-in-dashboard": {
      const paths = spec.paths ?? [];
      const headers = { authorization: `Bearer ${spec.token ?? ""}`, ...browser };
      if (paths.length === 0) throw new Error("signed-in-dashboard needs the paths the dashboard called");
      return (request) => ({ ...request, method: "GET", path: paths[next() % paths.length], headers });
    }
    case "socket-issue": {
      // Each fine goes to a socket holder, issued by a housemate of theirs.
      const holders = new Set(spec.offenderIds ?? []);
      const pairs = people
        .filter((person) => holders.has(person.member.id))
        .map((offender) => {
          const issuer = offender.household.members.find((member) => member !== offender.member) as MemberFixture;
          return { issuer: { member: issuer, household: offender.household }, offender: offender.member };
        });
      return (request) => {
        const i = next();
        const pair = pairs[i % pairs.length];
        if (!pair) throw new Error("no socket holders to fine");
        return { ...request, ...issueFrom(pair.issuer, pair.offender, i) };
      };
    }
  }
}
