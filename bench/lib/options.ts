import { parseArgs } from "node:util";

/** How big the data set is and how long each measurement runs. */
export interface Sizes {
  households: number;
  /** Members per household: min..max inclusive. */
  members: [number, number];
  rulesPerHousehold: number;
  finesPerHousehold: number;
  notesPerHousehold: number;
  notificationsPerUser: number;
  /** Seconds of each HTTP run (after the warm-up). */
  seconds: number;
  warmupSeconds: number;
  /** How many runs of each measurement; the median is reported. */
  runs: number;
  /** Payable fines seeded for each 'pay fine' run (each pays once): enough for 800 req/s over 10 s. */
  paysPerRun: number;
  /** Live sockets held open on the one server, several per member. */
  sockets: number;
  /** Client processes the sockets are dealt out over (one `ws` process per core). */
  socketProcesses: number;
  /** Fines issued to socket holders per second, and for how long, in the delivery measurement. */
  socketFinesPerSecond: number;
  socketSeconds: number;
  lighthouseRuns: number;
}

/** What each seeded household holds: a busy flat after a year (the soak's households hold the same). */
export const HOUSEHOLD_HISTORY = {
  rulesPerHousehold: 20,
  finesPerHousehold: 300,
  notesPerHousehold: 8,
  notificationsPerUser: 40,
} satisfies Partial<Sizes>;

/** The data set: 200 households of 4–8 members, 20 rules and 300 fines each. */
const FULL: Sizes = {
  households: 200,
  members: [4, 8],
  ...HOUSEHOLD_HISTORY,
  seconds: 10,
  warmupSeconds: 3,
  runs: 3,
  paysPerRun: 8000,
  // The issue: 10,000 live sockets on one instance (~1,200 members, 8 or 9 sockets each).
  sockets: 10000,
  socketProcesses: 2,
  // A steady stream well inside the server's capacity: this measures push latency, not a queue.
  socketFinesPerSecond: 50,
  socketSeconds: 10,
  lighthouseRuns: 3,
};

/** For iterating on the suite or a tuning change: same shape, smaller and shorter; not for the record. */
const QUICK: Sizes = {
  ...FULL,
  households: 200,
  seconds: 4,
  warmupSeconds: 1,
  runs: 1,
  paysPerRun: 2000,
  socketSeconds: 4,
  lighthouseRuns: 1,
};

export type Engine = "postgres" | "pglite";

export interface Options {
  check: boolean;
  quick: boolean;
  sizes: Sizes;
  engines: Engine[];
  /** Skip the front-end part (bundle sizes and Lighthouse). */
  skipFrontend: boolean;
  /** Only these scenarios (names as in the table), for iterating; all when empty. */
  only: string[];
}

const USAGE = `npm run bench [-- options]
  --check            exit 1 when a budget is missed
  --quick            shorter runs (1 run of 4 s each): for iterating, not for the record
  --engine <name>    postgres or pglite (repeatable; default both)
  --skip-frontend    leave out bundle sizes and Lighthouse
  --only <part>      list, dashboard, issue, pay, insights, sockets, cold-start, frontend, signed-in, export (repeatable)`;

export function readOptions(argv: string[]): Options {
  const { values } = parseArgs({
    args: argv,
    options: {
      check: { type: "boolean", default: false },
      quick: { type: "boolean", default: false },
      engine: { type: "string", multiple: true },
      "skip-frontend": { type: "boolean", default: false },
      only: { type: "string", multiple: true },
      help: { type: "boolean", default: false },
    },
  });
  if (values.help) {
    console.log(USAGE);
    process.exit(0);
  }
  const engines = (values.engine ?? ["postgres", "pglite"]).map((name): Engine => {
    if (name === "postgres" || name === "pglite") return name;
    throw new Error(`unknown engine ${name}\n${USAGE}`);
  });
  return {
    check: values.check,
    quick: values.quick,
    sizes: values.quick ? QUICK : FULL,
    engines,
    skipFrontend: values["skip-frontend"],
    only: values.only ?? [],
  };
}
