/**
 * The HTTP load generator, run as its own process so it never shares a core's event loop with the
 * server: `node --import tsx bench/load/http.ts <spec.json>`. Prints one JSON line: the run's figures.
 */
import { readFileSync } from "node:fs";
import autocannon from "autocannon";
import type { Fixture } from "../lib/seed.js";
import type { HttpLoadResult, HttpLoadSpec } from "./http-spec.js";
import { requestsFor } from "./http-requests.js";
import { pacedLoad } from "./paced.js";

const specFile = process.argv[2];
if (!specFile) throw new Error("usage: http.ts <spec.json>");
const spec = JSON.parse(readFileSync(specFile, "utf8")) as HttpLoadSpec;
const fixture = JSON.parse(readFileSync(spec.fixtureFile, "utf8")) as Fixture;

async function autocannonLoad(): Promise<HttpLoadResult> {
  const result = await autocannon({
    url: spec.url,
    connections: spec.connections,
    duration: spec.seconds,
    ...(spec.warmupSeconds ? { warmup: { connections: spec.connections, duration: spec.warmupSeconds } } : {}),
    requests: [{ setupRequest: requestsFor(spec, fixture) }],
    timeout: 10,
  });
  const statusCodes: Record<string, number> = {};
  for (const [code, stats] of Object.entries(result.statusCodeStats ?? {})) statusCodes[code] = stats.count;
  return {
    requestsPerSecond: result.requests.total / result.duration,
    latency: { p50: result.latency.p50, p90: result.latency.p90, p99: result.latency.p99, max: result.latency.max },
    total: result.requests.total,
    seconds: result.duration,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    statusCodes,
    bytesPerResponse: result.requests.total ? result.throughput.total / result.requests.total : 0,
  };
}

// A paced stream (sockets) goes out evenly; everything else as fast as the server answers.
const output =
  spec.overallRate !== undefined
    ? await pacedLoad(spec.url, spec.overallRate, spec.seconds ?? 1, requestsFor(spec, fixture))
    : await autocannonLoad();
process.stdout.write(`${JSON.stringify(output)}\n`);
