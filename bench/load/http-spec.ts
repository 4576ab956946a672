/** What the bench asks of one HTTP load run (written to a file for the load process). */
export interface HttpLoadSpec {
  url: string;
  scenario: HttpScenario;
  connections: number;
  seconds?: number;
  /** Requests per second, sent at an even pace without waiting for answers (open loop); as fast as possible when absent. */
  overallRate?: number;
  warmupSeconds?: number;
  fixtureFile: string;
  /** 'pay': which run's payable fines to use (each can be paid once). */
  payRun?: number;
  /** 'socket-issue': fine these users (they hold the open sockets). */
  offenderIds?: string[];
  /** 'signed-in-dashboard': the API paths the browser's dashboard called, sent in turn by this session's holder. */
  paths?: string[];
  token?: string;
}

export type HttpScenario =
  "list" | "baseline-list" | "dashboard" | "issue" | "pay" | "socket-issue" | "signed-in-dashboard" | "insights";

export interface HttpLoadResult {
  requestsPerSecond: number;
  /** Milliseconds. */
  latency: { p50: number; p90: number; p99: number; max: number };
  total: number;
  seconds: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  statusCodes: Record<string, number>;
  bytesPerResponse: number;
}
